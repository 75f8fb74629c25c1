import { mount } from 'svelte';
import '../lib/theme.css';
import Status from './Status.svelte';

mount(Status, { target: document.getElementById('app')! });
