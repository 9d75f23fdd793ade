import { useLingui } from '@lingui/react/macro';
import { type AnswerValue, addressLinesNeeded } from '../../../common/answers';
import type { PublicQuestion } from '../../../common/questions';
import { CheckboxGroup, Columns, RadioGroup, Select, Stack, Text, Textarea, TextInput } from '../../ui';
import { EMPTY_ADDRESS } from './form';

interface Props {
  question: PublicQuestion;
  value?: AnswerValue;
  onChange: (value: AnswerValue) => void;
  error?: React.ReactNode;
  /** Unique per form: questions repeat for each attendee. */
  idPrefix: string;
}

type Address = typeof EMPTY_ADDRESS;

/** One checkout question, shown as its type asks. */
export function QuestionField({ question, value = '', onChange, error, idPrefix }: Props) {
  const { t } = useLingui();
  const common = {
    label: question.title,
    description: question.description ?? undefined,
    required: question.required,
    error,
    id: `${idPrefix}-q${question.id}`,
  };
  const text = typeof value === 'string' ? value : '';
  switch (question.type) {
    case 'SINGLE_LINE':
      return <TextInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'MULTI_LINE':
      return <Textarea {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} />;
    case 'DATE':
      return (
        <TextInput {...common} type="date" value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'DROPDOWN':
      return (
        <Select
          {...common}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
          options={[
            { value: '', label: t`Choose…` },
            ...question.options.map((o) => ({ value: o, label: o })),
          ]}
        />
      );
    case 'RADIO':
      return (
        <RadioGroup
          {...common}
          value={text}
          onChange={onChange}
          options={question.options.map((o) => ({ value: o, label: o }))}
        />
      );
    case 'CHECKBOX':
      return (
        <CheckboxGroup
          {...common}
          value={Array.isArray(value) ? value : []}
          onChange={onChange}
          options={question.options.map((o) => ({ value: o, label: o }))}
        />
      );
    case 'ADDRESS':
      return <AddressField {...common} value={value} onChange={onChange} />;
  }
}

function AddressField({
  label,
  description,
  required,
  error,
  id,
  value,
  onChange,
}: {
  label: string;
  description: string | undefined;
  required: boolean;
  error: React.ReactNode;
  id: string;
  value: AnswerValue;
  onChange: (value: AnswerValue) => void;
}) {
  const { t } = useLingui();
  const address: Address =
    typeof value === 'object' && !Array.isArray(value)
      ? { ...EMPTY_ADDRESS, ...value }
      : { ...EMPTY_ADDRESS };
  // The main lines are marked while the address must have them: always when the question is
  // required, and once the buyer starts an optional one (the shared rule of `answerProblem`).
  const needed = addressLinesNeeded({ required }, address);
  const field = (key: keyof Address, fieldLabel: string) => (
    <TextInput
      id={`${id}-${key}`}
      label={fieldLabel}
      required={needed.includes(key)}
      value={address[key]}
      onChange={(e) => onChange({ ...address, [key]: e.currentTarget.value })}
      error={Boolean(error) && needed.includes(key) && address[key].trim() === ''}
    />
  );
  return (
    <fieldset className="ui-field" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="ui-label">{`${label}${required ? ' *' : ''}`}</legend>
      {description ? (
        <Text size="sm" tone="muted">
          {description}
        </Text>
      ) : null}
      <Stack gap="xs">
        {field('address_line_1', t`Address line 1`)}
        {field('address_line_2', t`Address line 2`)}
        <Columns>
          {field('city', t`City`)}
          {field('state_or_region', t`State or region`)}
          {field('zip_or_postal_code', t`ZIP or postal code`)}
          {field('country', t`Country`)}
        </Columns>
        {error ? (
          <Text id={`${id}-error`} size="sm" tone="error">
            {error}
          </Text>
        ) : null}
      </Stack>
    </fieldset>
  );
}
