import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Box,
  Checkbox,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useId } from 'react';
import type { QuestionType } from '../../../common/questions';

export interface PreviewQuestion {
  title: string;
  description: string;
  type: QuestionType;
  options: string[];
  required: boolean;
}

/**
 * The question as a buyer will meet it at checkout, drawn with the real inputs as the form
 * is filled in. The answers typed here go nowhere.
 */
export function QuestionPreview({ question }: { question: PreviewQuestion }) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      p="md"
      bg="gray.0"
      style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px dashed var(--mantine-color-gray-4)' }}
      data-testid="question-preview"
    >
      <Stack gap="sm">
        <Text id={headingId} size="xs" fw={700} tt="uppercase" c="gray.7">
          <Trans>Preview: what the buyer sees</Trans>
        </Text>
        <PreviewInput question={question} fallbackTitle={t`Your question`} />
      </Stack>
    </Box>
  );
}

function PreviewInput({ question, fallbackTitle }: { question: PreviewQuestion; fallbackTitle: string }) {
  const { t } = useLingui();
  const label = question.title.trim() || fallbackTitle;
  const description = question.description.trim() || undefined;
  // Each option once: a repeated one is an error the form points out, not a second answer.
  const options = [...new Set(question.options.map((o) => o.trim()).filter((o) => o !== ''))];
  const common = { label, description, required: question.required };
  const noOptions = (
    <Text size="sm" c="dimmed">
      <Trans>Add options to see them here.</Trans>
    </Text>
  );

  switch (question.type) {
    case 'SINGLE_LINE':
      return <TextInput {...common} />;
    case 'MULTI_LINE':
      return <Textarea {...common} autosize minRows={3} />;
    case 'DATE':
      return <TextInput {...common} type="date" w={{ base: '100%', xs: 220 }} />;
    case 'DROPDOWN':
      return (
        <NativeSelect
          {...common}
          data={[{ value: '', label: t`Choose…` }, ...options.map((o) => ({ value: o, label: o }))]}
        />
      );
    case 'RADIO':
      return (
        <Radio.Group {...common}>
          <Stack gap="xs" mt="xs">
            {options.length === 0 ? noOptions : options.map((o) => <Radio key={o} value={o} label={o} />)}
          </Stack>
        </Radio.Group>
      );
    case 'CHECKBOX':
      return (
        <Checkbox.Group {...common}>
          <Stack gap="xs" mt="xs">
            {options.length === 0 ? noOptions : options.map((o) => <Checkbox key={o} value={o} label={o} />)}
          </Stack>
        </Checkbox.Group>
      );
    case 'ADDRESS':
      return (
        <Box component="fieldset" p={0} m={0} style={{ border: 0 }}>
          <Text component="legend" size="sm" fw={500} mb={4}>
            {label}
            {question.required ? (
              <Text span c="red.8" aria-hidden>
                {' *'}
              </Text>
            ) : null}
          </Text>
          {description ? (
            <Text size="xs" c="dimmed" mb="xs">
              {description}
            </Text>
          ) : null}
          <Stack gap="xs">
            <TextInput label={t`Address line 1`} required={question.required} />
            <TextInput label={t`Address line 2`} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
              <TextInput label={t`City`} required={question.required} />
              <TextInput label={t`State or region`} />
              <TextInput label={t`ZIP or postal code`} />
              <TextInput label={t`Country`} required={question.required} />
            </SimpleGrid>
          </Stack>
        </Box>
      );
  }
}
