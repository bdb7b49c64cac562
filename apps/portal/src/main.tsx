import '@tutoring/ui/theme/theme.css';
import '@tutoring/ui/theme/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element to render the portal into.');

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
