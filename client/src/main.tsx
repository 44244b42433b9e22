import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadPage } from './areas';
import { I18nProvider } from './i18n/i18n';
import { detectLocale } from './i18n/locale';
import { Texts } from './i18n/texts';
import { AppRoutes } from './router';
import './styles.css';

const locale = detectLocale(window.location, window.sessionStorage);
document.documentElement.lang = locale.language;
const texts = new Texts(locale.language);
// The page's texts and its area's code download side by side; rendering starts once both are in, so the first
// render is the page itself: no missing text, and no spinner painted and then replaced.
await loadPage(window.location.pathname, texts);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider locale={locale} texts={texts}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </I18nProvider>
  </StrictMode>,
);
