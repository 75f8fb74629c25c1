import { mount } from 'svelte';
import '../lib/theme.css';
import Hours from './Hours.svelte';

mount(Hours, { target: document.getElementById('app')! });
