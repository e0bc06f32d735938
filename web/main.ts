import { mount } from 'svelte';
import App from './App.svelte';
import { offline } from './offline.svelte';
import './styles.css';

mount(App, { target: document.getElementById('app')! });
offline.start();
