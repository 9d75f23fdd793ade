import { useLingui } from '@lingui/react/macro';
import {
  Checkbox,
  Fieldset,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { AnswerValue } from '../../../common/answers';
import type { PublicQuestion } from '../../../common/questions';
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
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'DATE':
      return (
        <TextInput {...common} type="date" value={text} onChange={(e) => onChange(e.currentTarget.value)} />
      );
    case 'DROPDOWN':
      return (
        <NativeSelect
          {...common}
          value={text}
          onChange={(e) => onChange(e.currentTarget.value)}
          data={[{ value: '', label: t`Choose…` }, ...question.options.map((o) => ({ value: o, label: o }))]}
        />
      );
    case 'RADIO':
      return (
        <Radio.Group {...common} value={text} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {question.options.map((o) => (
              <Radio key={o} value={o} label={o} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'CHECKBOX':
      return (
        <Checkbox.Group {...common} value={Array.isArray(value) ? value : []} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {question.options.map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </Stack>
        </Checkbox.Group>
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
  const field = (key: keyof Address, fieldLabel: string, mainLine: boolean) => (
    <TextInput
      id={`${id}-${key}`}
      label={fieldLabel}
      required={required && mainLine}
      value={address[key]}
      onChange={(e) => onChange({ ...address, [key]: e.currentTarget.value })}
      error={Boolean(error) && mainLine && address[key].trim() === ''}
    />
  );
  return (
    <Fieldset
      legend={`${label}${required ? ' *' : ''}`}
      variant="unstyled"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      {description ? (
        <Text size="sm" c="gray.7" mb="xs">
          {description}
        </Text>
      ) : null}
      <Stack gap="xs">
        {field('address_line_1', t`Address line 1`, true)}
        {field('address_line_2', t`Address line 2`, false)}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {field('city', t`City`, true)}
          {field('state_or_region', t`State or region`, false)}
          {field('zip_or_postal_code', t`ZIP or postal code`, false)}
          {field('country', t`Country`, true)}
        </SimpleGrid>
        {error ? (
          <Text id={`${id}-error`} size="sm" c="red.8">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
