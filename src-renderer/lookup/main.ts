import { mount } from 'svelte';
import '../lib/theme.css';
import Lookup from './Lookup.svelte';

mount(Lookup, { target: document.getElementById('app')! });
