import { graphql } from '../../gql';
import type { HeldDataParts_FindingsFragment } from '../../gql/graphql';
import { useI18n } from '../../i18n/i18n';
import { heldPartLabel } from './held-part-text';

/** @public Read by codegen: the findings spread it. */
export const HeldDataPartsFragment = graphql(`
  fragment HeldDataParts_findings on PersonalDataFindings {
    parts {
      name
      rows
    }
  }
`);

/** What is held about the person beside their orders, part by part, with how many rows. */
export function HeldDataParts({ findings }: { findings: HeldDataParts_FindingsFragment }) {
  const { t } = useI18n();
  return (
    <>
      <h3 id="data-parts">{t('admin.dataRequests.parts')}</h3>
      <div className="table-wrap">
        <table aria-labelledby="data-parts">
          <thead>
            <tr>
              <th scope="col">{t('admin.dataRequests.part')}</th>
              <th scope="col">{t('admin.dataRequests.rows')}</th>
            </tr>
          </thead>
          <tbody>
            {findings.parts.map((part) => (
              <tr key={part.name}>
                <td>{heldPartLabel(part.name, t)}</td>
                <td>{part.rows}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
