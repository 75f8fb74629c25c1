import { mount } from 'svelte';
import '../lib/theme.css';
import Welcome from './Welcome.svelte';

mount(Welcome, { target: document.getElementById('app')! });
