import '@mantine/core/styles/Switch.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Paper, Switch, Text, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import type { PageSectionId } from '../../../common/page-sections';
import { Section } from '../../components/Section';
import { moveItem } from '../../lib/move-item';
import type { DesignValues } from './design-form';
import { SECTION_NAMES } from './section-names';

type Direction = 'up' | 'down';

/**
 * The event page's sections: drag a row by its handle, or move it with its "Move up" and
 * "Move down" buttons (the keyboard's way, focus staying on the moved row's button), and show
 * or hide each with its switch. A live region says where a moved section went.
 */
export function PageSectionsField({ form }: { form: UseFormReturnType<DesignValues> }) {
  const { t, i18n } = useLingui();
  const sections = form.getValues().page_sections;
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<PageSectionId | null>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: PageSectionId; direction: Direction } | null>(
    null,
  );
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (!focusAfterMove) return;
    const { id, direction } = focusAfterMove;
    const button = (dir: Direction) =>
      list.current?.querySelector<HTMLButtonElement>(`[data-move="${id}-${dir}"]:not(:disabled)`);
    (button(direction) ?? button(direction === 'up' ? 'down' : 'up'))?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);

  const move = (from: number, to: number) => {
    const section = sections[from];
    if (!section || to < 0 || to >= sections.length || from === to) return;
    form.setFieldValue('page_sections', moveItem(sections, from, to));
    const name = i18n._(SECTION_NAMES[section.id]);
    const position = to + 1;
    const count = sections.length;
    setAnnouncement(t`${name} moved to position ${position} of ${count}.`);
  };

  const drop = (event: DragEvent, to: number) => {
    event.preventDefault();
    const from = sections.findIndex((s) => s.id === dragged);
    setDragged(null);
    if (from >= 0) move(from, to);
  };

  return (
    <Section
      title={t`Sections of the page`}
      description={t`Drag a section by its handle, or use its arrow buttons, to change the order. Hidden sections are left out of the page; the FAQ and the gallery show once they have content.`}
    >
      <ol
        ref={list}
        data-testid="page-sections"
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}
      >
        {sections.map((section, index) => {
          const name = i18n._(SECTION_NAMES[section.id]);
          return (
            <Paper
              component="li"
              key={section.id}
              withBorder
              radius="md"
              px="sm"
              py={6}
              data-section={section.id}
              onDragOver={(event: DragEvent) => event.preventDefault()}
              onDrop={(event: DragEvent) => drop(event, index)}
              style={{ opacity: dragged === section.id ? 0.5 : 1 }}
            >
              <Group gap="xs" wrap="nowrap">
                <span
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', section.id);
                    setDragged(section.id);
                  }}
                  onDragEnd={() => setDragged(null)}
                  title={t`Drag to move ${name}`}
                  aria-hidden="true"
                  data-testid={`drag-${section.id}`}
                  style={{
                    cursor: 'grab',
                    padding: '0 4px',
                    fontSize: 18,
                    lineHeight: 1,
                    userSelect: 'none',
                  }}
                >
                  ⠿
                </span>
                <Text size="sm" fw={600} style={{ flex: 1 }}>
                  {name}
                </Text>
                <ActionIcon
                  variant="default"
                  aria-label={t`Move ${name} up`}
                  disabled={index === 0}
                  data-move={`${section.id}-up`}
                  onClick={() => {
                    move(index, index - 1);
                    setFocusAfterMove({ id: section.id, direction: 'up' });
                  }}
                >
                  <span aria-hidden="true">↑</span>
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  aria-label={t`Move ${name} down`}
                  disabled={index === sections.length - 1}
                  data-move={`${section.id}-down`}
                  onClick={() => {
                    move(index, index + 1);
                    setFocusAfterMove({ id: section.id, direction: 'down' });
                  }}
                >
                  <span aria-hidden="true">↓</span>
                </ActionIcon>
                <Switch
                  aria-label={t`Show ${name}`}
                  checked={section.visible}
                  onChange={(event) =>
                    form.setFieldValue(`page_sections.${index}.visible`, event.currentTarget.checked)
                  }
                  data-testid={`show-${section.id}`}
                />
              </Group>
            </Paper>
          );
        })}
      </ol>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {form.errors.page_sections ? (
        <Text size="sm" c="red.8" role="alert">
          {form.errors.page_sections}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        <Trans>On a wide screen the tickets stay in their column beside the other sections.</Trans>
      </Text>
    </Section>
  );
}
