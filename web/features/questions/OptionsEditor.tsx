import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/ActionIcon.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon } from '../../components/organizer-icons';
import type { QuestionValues } from './form';
import { CloseIcon } from './icons';

/**
 * The answers a buyer picks from (checkbox, radio, dropdown): add, rename, reorder and remove
 * them. Every control is a button, so the list is as easy to reorder with a keyboard as a mouse.
 */
export function OptionsEditor({ form }: { form: UseFormReturnType<QuestionValues> }) {
  const { t } = useLingui();
  const options = form.getValues().options;
  const error = form.errors.options;

  const focusOption = (index: number) =>
    requestAnimationFrame(() => form.getInputNode(`options.${index}`)?.focus());

  const add = () => {
    form.insertListItem('options', '');
    focusOption(options.length);
  };
  const move = (from: number, to: number) => {
    form.reorderListItem('options', { from, to });
    form.clearFieldError('options');
  };
  const remove = (index: number) => {
    form.removeListItem('options', index);
    if (options.length > 1) focusOption(Math.max(0, index - 1));
  };

  return (
    <Fieldset legend={t`Options`} variant="unstyled" aria-describedby={error ? 'options-error' : undefined}>
      <Stack gap="xs">
        {options.map((_, index) => {
          const n = index + 1;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: options are plain strings; their place is who they are.
            <Group key={index} gap={6} wrap="nowrap" align="flex-start">
              <TextInput
                aria-label={t`Option ${n}`}
                style={{ flex: 1 }}
                placeholder={t`Option ${n}`}
                {...form.getInputProps(`options.${index}`)}
              />
              <ActionIcon
                variant="default"
                size={36}
                aria-label={t`Move option ${n} up`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUpIcon size={16} />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size={36}
                aria-label={t`Move option ${n} down`}
                disabled={index === options.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDownIcon size={16} />
              </ActionIcon>
              <ActionIcon
                variant="default"
                size={36}
                aria-label={t`Remove option ${n}`}
                onClick={() => remove(index)}
              >
                <CloseIcon size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        {options.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No options yet. Buyers pick their answer from this list.</Trans>
          </Text>
        ) : null}
        {typeof error === 'string' ? (
          <Text id="options-error" size="sm" c="red.8" role="alert">
            {error}
          </Text>
        ) : null}
        <Button
          variant="default"
          size="xs"
          w="fit-content"
          leftSection={<PlusIcon size={14} />}
          onClick={add}
        >
          <Trans>Add option</Trans>
        </Button>
      </Stack>
    </Fieldset>
  );
}
