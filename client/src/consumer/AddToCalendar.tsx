import { useState } from 'react';
import { Message } from '../components/Message';
import { useI18n } from '../i18n/i18n';
import { problemOf } from '../lib/errors';
import { saveFile } from '../lib/save-file';
import { requestConsumer } from './consumer-graphql';
import { graphql } from './gql';
import { BusyButton } from '../components/BusyButton';

const VisitCalendarQuery = graphql(`
  query VisitCalendar($referenceNumber: String!) {
    visitCalendar(referenceNumber: $referenceNumber) {
      fileName
      mediaType
      content
    }
  }
`);

/**
 * "Zet in agenda": asks the server for the visit's .ics (with the data token, in the page's language)
 * and hands it to the device as a file; phones open it in their calendar app.
 */
export function AddToCalendar({ reference }: { reference: string }) {
  const { t, language } = useI18n();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState('');

  const download = async () => {
    setBusy(true);
    setDone(false);
    setError('');
    try {
      const data = await requestConsumer(VisitCalendarQuery, { referenceNumber: reference }, language);
      const file = data.visitCalendar;
      saveFile(new Blob([file.content], { type: file.mediaType }), file.fileName);
      setDone(true);
    } catch (caught) {
      setError(problemOf(caught, t('common.genericError')).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="visit-calendar">
      <BusyButton type="button" className="button button-secondary" busy={busy} onClick={() => void download()}>
        <svg className="button-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <rect x="3.5" y="5" width="17" height="15" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M3.5 10h17M8 3v4M16 3v4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        {t('consumer.calendar.add')}
      </BusyButton>
      <Message tone="success">{done ? t('consumer.calendar.done') : null}</Message>
      <Message tone="error">{error}</Message>
    </div>
  );
}
