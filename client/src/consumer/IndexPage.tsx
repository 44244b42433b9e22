import { formatClock } from '../../../shared/clock-time.js';
import { WINDOW_SHOWN_AT } from '../../../shared/hours.js';
import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { TextField } from '../components/FormField';
import { Message } from '../components/Message';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { problemOf } from '../lib/errors';
import { storeToken } from '../lib/storage';
import { usePageTitle } from '../lib/usePageTitle';
import { useConsumerMutation } from './consumer-graphql';
import { graphql } from './gql';
import { BusyButton } from '../components/BusyButton';

const LookUpVisitsMutation = graphql(`
  mutation LookUpVisits($input: LookUpVisitsInput!) {
    lookUpVisits(input: $input) {
      dataToken
    }
  }
`);

type FieldName = 'zipcode' | 'houseNumber' | 'phoneNumber';

interface FieldSpec {
  name: FieldName;
  label: MessageKey;
  hint: MessageKey;
  input: { type: 'text' | 'tel'; autoComplete?: string; inputMode?: 'text' | 'tel'; autoCapitalize?: string };
}

const FIELDS: Record<'NL' | 'BE', FieldSpec[]> = {
  NL: [
    {
      name: 'zipcode',
      label: 'consumer.index.zipcode',
      hint: 'consumer.index.zipcodeHint',
      input: { type: 'text', autoComplete: 'postal-code', autoCapitalize: 'characters' },
    },
    {
      name: 'houseNumber',
      label: 'consumer.index.houseNumber',
      hint: 'consumer.index.houseNumberHint',
      input: { type: 'text' },
    },
  ],
  BE: [
    {
      name: 'phoneNumber',
      label: 'consumer.index.phoneNumber',
      hint: 'consumer.index.phoneNumberHint',
      input: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
    },
  ],
};

/** Set by the details page when it could not load, to say why the form is back. */
export interface IndexLocationState {
  detailsFailed?: boolean;
}

/**
 * The lookup (docs/rules.md, Consumer lookup): postcode + house number in the Netherlands, phone number in
 * Belgium. Success stores the data token and opens the details page, also before the window is shown: it says the
 * day, when the window appears and where it will be sent. Failure clears nothing and shows the server's text.
 */
export function IndexPage() {
  const { t, country, language } = useI18n();
  usePageTitle(t('consumer.index.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const fields = FIELDS[country];
  const [values, setValues] = useState<Record<FieldName, string>>({ zipcode: '', houseNumber: '', phoneNumber: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState('');
  const [detailsFailed, setDetailsFailed] = useState(
    (location.state as IndexLocationState | null)?.detailsFailed === true,
  );
  const inputs = useRef<Partial<Record<FieldName, HTMLInputElement | null>>>({});
  const [lookUp, { loading }] = useConsumerMutation(LookUpVisitsMutation);

  const focusFirstInvalid = (invalid: Partial<Record<FieldName, string>>) => {
    const first = fields.find((field) => invalid[field.name]);
    if (first) inputs.current[first.name]?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    setDetailsFailed(false);
    const missing: Partial<Record<FieldName, string>> = {};
    for (const field of fields) {
      if (values[field.name].trim() === '') missing[field.name] = t('consumer.index.required');
    }
    setFieldErrors(missing);
    if (Object.keys(missing).length > 0) {
      focusFirstInvalid(missing);
      return;
    }
    const input =
      country === 'BE'
        ? { country, phoneNumber: values.phoneNumber }
        : { country, zipcode: values.zipcode, houseNumber: values.houseNumber };
    try {
      const data = await lookUp({ input });
      storeToken('consumer', data.lookUpVisits.dataToken);
      navigate('/details');
    } catch (caught) {
      const problem = problemOf(caught, t('common.genericError'));
      const invalid: Partial<Record<FieldName, string>> = {};
      for (const field of fields) {
        if (problem.fields[field.name]) invalid[field.name] = problem.fields[field.name];
      }
      setFieldErrors(invalid);
      if (Object.keys(invalid).length > 0) focusFirstInvalid(invalid);
      else setError(problem.message);
    }
  };

  return (
    <section className="card consumer-card" aria-labelledby="lookup-title">
      <h2 id="lookup-title">{t('consumer.index.title')}</h2>
      <p className="consumer-intro">{t('consumer.intro', { time: formatClock(WINDOW_SHOWN_AT, language) })}</p>
      <p className="muted">{t(country === 'BE' ? 'consumer.index.intro.BE' : 'consumer.index.intro.NL')}</p>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <div className={`consumer-fields consumer-fields-${fields.length}`}>
          {fields.map((field) => {
            const id = `lookup-${field.name}`;
            const problem = fieldErrors[field.name];
            return (
              <TextField
                key={field.name}
                id={id}
                label={t(field.label)}
                hint={t(field.hint)}
                error={problem}
                name={field.name}
                ref={(element) => {
                  inputs.current[field.name] = element;
                }}
                {...field.input}
                required
                aria-required="true"
                value={values[field.name]}
                onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
              />
            );
          })}
        </div>
        <BusyButton type="submit" className="button button-primary button-block" busy={loading}>
          {loading ? t('consumer.index.submitting') : t('consumer.index.submit')}
        </BusyButton>
        <Message tone="error">{error}</Message>
        <Message tone="info">{detailsFailed ? t('consumer.index.detailsFailed') : ''}</Message>
      </form>
    </section>
  );
}
