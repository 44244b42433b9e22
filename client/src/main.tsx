import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { I18nProvider } from './i18n/i18n';
import { detectLocale } from './i18n/locale';
import { AppRoutes } from './router';
import './styles.css';

const locale = detectLocale(window.location, window.sessionStorage);
document.documentElement.lang = locale.language;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider locale={locale}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </I18nProvider>
  </StrictMode>,
);
