import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Fieldset, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { FAQ_LIMITS } from '../../../common/page-sections';
import { Section } from '../../components/Section';
import type { DesignValues } from './design-form';

/** The FAQ's questions and answers (plain text): add a pair, edit it, remove it. */
export function FaqField({ form }: { form: UseFormReturnType<DesignValues> }) {
  const { t } = useLingui();
  const faq = form.getValues().faq;
  const list = useRef<HTMLDivElement>(null);
  // A pair just added takes the focus on its question; a removed one hands it to "Add".
  const [focus, setFocus] = useState<number | 'add' | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus === null) return;
    if (focus === 'add') addButton.current?.focus();
    else list.current?.querySelector<HTMLInputElement>(`[data-question="${focus}"]`)?.focus();
    setFocus(null);
  }, [focus]);
  const full = faq.length >= FAQ_LIMITS.pairsMax;
  const max = FAQ_LIMITS.pairsMax;
  return (
    <Section
      title={t`FAQ`}
      description={t`Shown in the FAQ section of the page, each question opening its answer. Plain text, up to ${max} pairs.`}
    >
      <Stack gap="sm" ref={list}>
        {faq.map((_, index) => {
          const number = index + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: pairs have no id; the form's paths are by index.
            <Fieldset key={index} legend={t`Question ${number}`} data-testid="faq-pair">
              <Stack gap="xs">
                <TextInput
                  label={t`Question`}
                  maxLength={FAQ_LIMITS.questionMax}
                  data-question={index}
                  key={form.key(`faq.${index}.question`)}
                  {...form.getInputProps(`faq.${index}.question`)}
                />
                <Textarea
                  label={t`Answer`}
                  autosize
                  minRows={2}
                  maxLength={FAQ_LIMITS.answerMax}
                  key={form.key(`faq.${index}.answer`)}
                  {...form.getInputProps(`faq.${index}.answer`)}
                />
                <Group>
                  <Button
                    variant="subtle"
                    color="red.9"
                    c="red.9"
                    size="xs"
                    onClick={() => {
                      form.removeListItem('faq', index);
                      setFocus('add');
                    }}
                  >
                    <Trans>Remove question {number}</Trans>
                  </Button>
                </Group>
              </Stack>
            </Fieldset>
          );
        })}
      </Stack>
      {faq.length === 0 ? (
        <Text size="sm" c="gray.7">
          <Trans>No questions yet.</Trans>
        </Text>
      ) : null}
      <Group>
        <Button
          ref={addButton}
          variant="default"
          disabled={full}
          onClick={() => {
            form.insertListItem('faq', { question: '', answer: '' });
            setFocus(faq.length);
          }}
          data-testid="add-faq"
        >
          <Trans>Add a question</Trans>
        </Button>
      </Group>
    </Section>
  );
}
