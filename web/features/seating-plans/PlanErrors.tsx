import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/List.css';
import { Plural, useLingui } from '@lingui/react/macro';
import { Alert, List, Text } from '@mantine/core';
import type { PlanError } from './plan-errors';

/** What is wrong with a plan, each problem with where it is; the first 20 of them. */
export function PlanErrors({ errors, title }: { errors: PlanError[]; title?: string }) {
  const { t } = useLingui();
  if (errors.length === 0) return null;
  const shown = errors.slice(0, 20);
  return (
    <Alert
      color="red"
      variant="light"
      title={title ?? t`The plan cannot be saved yet`}
      data-testid="plan-errors"
    >
      <List size="sm" spacing={4}>
        {shown.map((e) => (
          <List.Item key={`${e.path}:${e.message}`}>
            <Text span size="sm" fw={600}>
              {e.where}:
            </Text>{' '}
            {e.message}
          </List.Item>
        ))}
      </List>
      {errors.length > shown.length ? (
        <Text size="sm" mt={4}>
          <Plural
            value={errors.length - shown.length}
            one="…and # more problem."
            other="…and # more problems."
          />
        </Text>
      ) : null}
    </Alert>
  );
}
