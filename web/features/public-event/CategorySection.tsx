import type { ReactNode } from 'react';
import type { PublicCategory } from '../../../common/public-tickets';
import { Stack, Text, Title } from '../../ui';

/** A heading of the catalogue (decision 051): its name, its description, and what it holds. */
export function CategorySection({ category, children }: { category: PublicCategory; children: ReactNode }) {
  const headingId = `category-${category.id}-title`;
  return (
    <section aria-labelledby={headingId} className="ticket-category" data-testid="ticket-category">
      <Stack gap="2xs" className="ticket-category-head">
        <Title order={3} size="h3" id={headingId}>
          {category.name}
        </Title>
        {category.description ? (
          <Text size="sm" tone="muted" style={{ whiteSpace: 'pre-line' }}>
            {category.description}
          </Text>
        ) : null}
      </Stack>
      {children}
    </section>
  );
}
