import { mount } from 'svelte';
import '../lib/theme.css';
import './panel.css';
import Panel from './Panel.svelte';

mount(Panel, { target: document.getElementById('app')! });
