import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { I18nProvider, loadCatalogue } from './i18n/i18n';
import { detectLocale } from './i18n/locale';
import { AppRoutes, preloadArea } from './router';
import './styles.css';

const locale = detectLocale(window.location, window.sessionStorage);
document.documentElement.lang = locale.language;
// The page's texts and its area's code download side by side; rendering starts once the texts are in.
preloadArea(window.location.pathname);
const catalogue = await loadCatalogue(locale.language);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider locale={locale} catalogue={catalogue}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </I18nProvider>
  </StrictMode>,
);
