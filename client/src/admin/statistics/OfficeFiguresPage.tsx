import { Message } from '../../components/Message';
import { Spinner } from '../../components/Spinner';
import { useI18n } from '../../i18n/i18n';
import { usePageTitle } from '../../lib/usePageTitle';
import { AdminPageHeader } from '../AdminPageHeader';
import { FiguresForm } from './office-figures/FiguresForm';
import { FiguresView } from './office-figures/FiguresView';
import { useOfficeFigures } from './office-figures/useOfficeFigures';

/** Screen 'Cijfers voor kantoor' (docs/rules.md, Figures for the office): a chart and a table of the same figures. */
export function OfficeFiguresPage() {
  const { t } = useI18n();
  const title = t('admin.figures.title');
  usePageTitle(title);
  const { choice, choose, loading, problem, figures } = useOfficeFigures();
  return (
    <section className="stats-page">
      <AdminPageHeader title={title} back="/admin/statistics" />
      <p className="muted">{t('admin.figures.rules')}</p>
      {choice && <FiguresForm choice={choice} problem={problem} onChoose={choose} />}
      <Message tone="error">{problem?.message}</Message>
      {(!choice || (loading && !figures)) && <Spinner />}
      {figures && <FiguresView figures={figures} />}
    </section>
  );
}
