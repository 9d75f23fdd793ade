import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { LIMITS } from '../../../common/limits';
import { errorMessage } from '../../components/api-error';
import { CheckIcon } from '../../components/icons';
import { checkPromoCode, type PublicTickets } from './api';

interface Props {
  eventId: string;
  /** The code in the page's address, if any. */
  linkCode: string | undefined;
  /** What the tickets call said about that code (null while none is applied or loading). */
  result: PublicTickets['promo_code'] | undefined;
  onApply: (code: string) => void;
  onRemove: () => void;
}

const CODE_SHAPE = new RegExp(`^[A-Za-z0-9_-]{${LIMITS.promoCode.min},${LIMITS.promoCode.max}}$`);

/**
 * "Have a promo code?": checks the code with the public call and, when it can be used, puts it
 * in the address so the tickets are fetched again with it; a code that cannot be used is said so.
 */
export function PromoCodeBox({ eventId, linkCode, result, onApply, onRemove }: Props) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const invalid = t`This promo code is invalid or not recognized.`;

  if (result?.valid) {
    return (
      <Group gap="sm" justify="space-between" role="status" data-testid="promo-code-applied">
        <Group gap={8} wrap="nowrap">
          <CheckIcon aria-hidden color="var(--mantine-color-teal-8)" />
          <Text size="sm">
            <Trans>
              Promo code <strong>{result.code}</strong> applied
            </Trans>
          </Text>
        </Group>
        <Button variant="subtle" size="compact-sm" onClick={onRemove}>
          <Trans>Remove code</Trans>
        </Button>
      </Group>
    );
  }

  // A code from a shared link that no longer works is said at once, until the visitor types.
  const linkInvalid = Boolean(linkCode) && result?.valid === false;
  const shownError = error ?? (linkInvalid && value === '' ? invalid : null);

  if (!open && !linkInvalid) {
    return (
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          onClick={() => {
            setOpen(true);
            requestAnimationFrame(() => input.current?.focus());
          }}
        >
          <Trans>Have a promo code?</Trans>
        </Button>
      </Group>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const code = value.trim();
    if (code === '') {
      setError(t`Enter a promo code.`);
      input.current?.focus();
      return;
    }
    if (!CODE_SHAPE.test(code)) {
      setError(invalid);
      input.current?.focus();
      return;
    }
    setChecking(true);
    setError(null);
    try {
      if (await checkPromoCode(eventId, code)) {
        setValue('');
        setOpen(false);
        onApply(code.toUpperCase());
      } else {
        setError(invalid);
        input.current?.focus();
      }
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setChecking(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={4}>
        <Text component="label" htmlFor={inputId} size="sm" fw={500}>
          <Trans>Promo code</Trans>
        </Text>
        <Group gap="sm" wrap="nowrap" align="stretch">
          <input
            ref={input}
            id={inputId}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? errorId : undefined}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={100}
            style={{
              ...inputStyle,
              borderColor: shownError ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-gray-5)',
            }}
          />
          <Button type="submit" loading={checking} h="auto">
            <Trans>Apply</Trans>
          </Button>
        </Group>
        {shownError ? (
          <Text id={errorId} role="alert" size="sm" c="red.8">
            {shownError}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}

/** A plain input styled like the theme's, so the buyer's page does not load Mantine's inputs. */
const inputStyle = {
  flex: 1,
  minWidth: 0,
  maxWidth: 320,
  minHeight: 38,
  padding: '0 12px',
  fontSize: 16,
  fontFamily: 'inherit',
  color: 'inherit',
  background: 'var(--mantine-color-white)',
  border: '1px solid',
  borderRadius: 'var(--mantine-radius-sm)',
  textTransform: 'uppercase',
} as const;
