// First: every HTML string a library writes from now on goes through the text-only policy.
import './dom/text-only-policy.js';
// Then: zod parses without compiling code, which the page's CSP refuses (see no-eval.ts).
import './dom/no-eval.js';
import 'leaflet/dist/leaflet.css';
import './styles/app.css';
import './styles/print.css';
import { DASHBOARD_PATH } from '@locscore/schema';
import { render } from 'preact';
import { Router } from 'wouter-preact';
import { App } from './app.js';

const root = document.getElementById('app');
if (root === null) throw new Error('index.html has no #app element');
render(
  <Router base={DASHBOARD_PATH}>
    <App origin={window.location.origin} />
  </Router>,
  root,
);
