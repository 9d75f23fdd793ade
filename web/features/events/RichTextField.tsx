import '@mantine/core/styles/Input.css';
import { useLingui } from '@lingui/react/macro';
import { Box, Group, Input, UnstyledButton } from '@mantine/core';
import { useId, useLayoutEffect, useRef } from 'react';
import { ClearFormattingIcon, LinkIcon, NumberedListIcon } from '../../components/organizer-icons';

/**
 * A small rich-text editor: bold, italic, headings, lists and links, kept as HTML (the server
 * sanitizes it). The editable area is a labelled multi-line text box with a named toolbar.
 */
export function RichTextField({
  label,
  description,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: React.ReactNode;
}) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const descriptionId = useId();
  const errorId = useId();

  // The editor owns its content while typing; a value from outside (a reset) replaces it. A
  // value this editor sent is never written back, and the check runs as the render commits,
  // not after the next frame: writing an older text back while someone types would move the
  // caret to the start.
  const sent = useRef<string | null>(null);
  const send = (html: string) => {
    sent.current = html;
    onChange(html);
  };
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node || value === sent.current) return;
    sent.current = value;
    if (node.innerHTML !== value) node.innerHTML = value;
  }, [value]);

  const run = (command: string, argument?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, argument);
    send(ref.current?.innerHTML ?? '');
  };
  const link = () => {
    const url = window.prompt(t`Link address (https://…)`, 'https://');
    if (url && /^https?:\/\//i.test(url)) run('createLink', url);
  };

  const tools: { label: string; text: React.ReactNode; action: () => void; style?: React.CSSProperties }[] = [
    { label: t`Bold`, text: 'B', action: () => run('bold'), style: { fontWeight: 800 } },
    { label: t`Italic`, text: 'I', action: () => run('italic'), style: { fontStyle: 'italic' } },
    { label: t`Heading`, text: 'H', action: () => run('formatBlock', 'h3') },
    { label: t`Paragraph`, text: '¶', action: () => run('formatBlock', 'p') },
    { label: t`Bulleted list`, text: '•', action: () => run('insertUnorderedList') },
    // Glyphs of two characters would be read as the buttons' visible labels (WCAG 2.5.3, label
    // in name): drawn as icons, the names are the only text.
    {
      label: t`Numbered list`,
      text: <NumberedListIcon size={16} style={{ verticalAlign: 'middle' }} />,
      action: () => run('insertOrderedList'),
    },
    { label: t`Link`, text: <LinkIcon size={16} style={{ verticalAlign: 'middle' }} />, action: link },
    {
      label: t`Remove formatting`,
      text: <ClearFormattingIcon size={16} style={{ verticalAlign: 'middle' }} />,
      action: () => run('removeFormat'),
    },
  ];

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: labelId, component: 'div' }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
    >
      <Box
        mt={4}
        style={{
          border: `1px solid var(--mantine-color-${error ? 'red-7' : 'gray-4'})`,
          borderRadius: 'var(--mantine-radius-md)',
          background: 'white',
        }}
      >
        <Group
          gap={2}
          p={4}
          role="toolbar"
          aria-label={t`Formatting`}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
        >
          {tools.map((tool) => (
            <UnstyledButton
              key={tool.label}
              type="button"
              aria-label={tool.label}
              title={tool.label}
              onMouseDown={(event) => event.preventDefault()}
              onClick={tool.action}
              w={32}
              h={30}
              ta="center"
              fz="sm"
              c="gray.9"
              style={{ borderRadius: 'var(--mantine-radius-sm)', ...tool.style }}
              className="rte-tool"
            >
              {tool.text}
            </UnstyledButton>
          ))}
        </Group>
        <Box
          ref={ref}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-describedby={
            [description ? descriptionId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
          }
          aria-invalid={error ? true : undefined}
          tabIndex={0}
          data-testid="rich-text"
          onInput={(event) => send(event.currentTarget.innerHTML)}
          p="sm"
          mih={160}
          fz="sm"
          style={{ outlineOffset: 2, lineHeight: 1.55, overflowWrap: 'anywhere' }}
        />
      </Box>
    </Input.Wrapper>
  );
}
