import { useI18n } from '../i18n/i18n';
import { usePageTitle } from '../lib/usePageTitle';
import { ACCESSIBILITY_CONTACT } from './contact-details';

/** Parts of the statement, each a heading and its text: the order the European Accessibility Act's statements use. */
const SECTIONS = ['standard', 'checked', 'limits', 'contact'] as const;

/**
 * The accessibility statement (/toegankelijkheid, /accessibilite): the standard the consumer pages meet, how that is
 * checked, what is known not to meet it, and whom to tell. Linked from every consumer page's footer.
 */
export function AccessibilityStatementPage() {
  const { t } = useI18n();
  usePageTitle(t('consumer.accessibility.title'));
  return (
    <section className="card consumer-card accessibility-statement" aria-labelledby="accessibility-title">
      <h2 id="accessibility-title">{t('consumer.accessibility.title')}</h2>
      <p>{t('consumer.accessibility.intro')}</p>
      {SECTIONS.map((section) => (
        <section key={section} aria-labelledby={`accessibility-${section}`}>
          <h3 id={`accessibility-${section}`}>{t(`consumer.accessibility.${section}.title`)}</h3>
          <p>{t(`consumer.accessibility.${section}.body`)}</p>
        </section>
      ))}
      <p>
        <a href={`mailto:${ACCESSIBILITY_CONTACT}`}>{ACCESSIBILITY_CONTACT}</a>
      </p>
      <p className="muted">{t('consumer.accessibility.reviewed')}</p>
    </section>
  );
}
