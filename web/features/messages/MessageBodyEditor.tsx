// The editor's own styles load with this chunk only: the compose page is the one place that edits messages.
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Typography.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/tiptap/styles.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Group, Input, Text } from '@mantine/core';
import { RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import Link from '@tiptap/extension-link';
import { type Editor, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { type MessagePlaceholder, placeholderToken } from '../../../common/messages';
import { LinkControl } from '../../components/RichTextLinkControl';
import { MESSAGE_HTML_CLASS, MessageHtmlStyle } from './body-style';

const EXTENSIONS = [
  StarterKit.configure({ heading: { levels: [2, 3] }, code: false, codeBlock: false, link: false }),
  // `{{ticket_url}}` passes as an address: each recipient's own link replaces it.
  Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
];

/**
 * The message body: TipTap through Mantine, writing the HTML the server keeps (paragraphs,
 * headings, emphasis, lists, quotes, links). The editable area is a multi-line text box named
 * by the label; the toolbar is a named group of labelled buttons, each reachable with Tab.
 * Buttons under it insert the placeholders each recipient's values replace.
 */
export function MessageBodyEditor({
  label,
  description,
  value,
  onChange,
  error,
  placeholders,
}: {
  label: string;
  description: string;
  value: string;
  onChange: (html: string) => void;
  error: ReactNode;
  /** Other placeholders than a message's (the e-mail templates', decision 055), with their hint. */
  placeholders?: { hint: string; items: PlaceholderItem[] };
}) {
  const { t } = useLingui();
  const labelId = useId();
  const descriptionId = useId();
  const errorId = useId();

  const describedBy = [descriptionId, error ? errorId : ''].filter(Boolean).join(' ');
  const invalid = Boolean(error);
  const editorProps = useMemo(
    () => ({
      attributes: {
        'aria-labelledby': labelId,
        'aria-describedby': describedBy,
        'aria-multiline': 'true',
        'aria-required': 'true',
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        'data-path': 'body',
        'data-testid': 'message-body',
      },
    }),
    [labelId, describedBy, invalid],
  );
  const [initialContent] = useState(value);
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent,
    editorProps,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  const labels: Partial<RichTextEditorLabels> = {
    boldControlLabel: t`Bold`,
    italicControlLabel: t`Italic`,
    underlineControlLabel: t`Underline`,
    strikeControlLabel: t`Strikethrough`,
    h2ControlLabel: t`Heading`,
    h3ControlLabel: t`Subheading`,
    bulletListControlLabel: t`Bulleted list`,
    orderedListControlLabel: t`Numbered list`,
    blockquoteControlLabel: t`Quote`,
    unlinkControlLabel: t`Remove link`,
    clearFormattingControlLabel: t`Remove formatting`,
    undoControlLabel: t`Undo`,
    redoControlLabel: t`Redo`,
  };

  return (
    <Input.Wrapper
      label={label}
      required
      labelProps={{ id: labelId, component: 'div', onClick: () => editor?.commands.focus() }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
    >
      <RichTextEditor
        editor={editor}
        labels={labels}
        mt={4}
        style={error ? { borderColor: 'var(--mantine-color-red-7)' } : undefined}
      >
        <RichTextEditor.Toolbar role="toolbar" aria-label={t`Formatting`}>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.Blockquote />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <LinkControl editor={editor} />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={200} fz="sm" className={MESSAGE_HTML_CLASS} />
      </RichTextEditor>
      <MessageHtmlStyle />
      {placeholders ? (
        <InsertButtons editor={editor} hint={placeholders.hint} items={placeholders.items} />
      ) : (
        <PlaceholderButtons editor={editor} />
      )}
    </Input.Wrapper>
  );
}

/** Inserts `{{attendee_name}}` and the like where the cursor is; the ticket link as a link. */
function PlaceholderButtons({ editor }: { editor: Editor | null }) {
  const { t } = useLingui();
  const groupLabelId = useId();
  const placeholders: { name: MessagePlaceholder; label: string }[] = [
    { name: 'attendee_name', label: t`Attendee name` },
    { name: 'event_title', label: t`Event title` },
    { name: 'ticket_url', label: t`Ticket link` },
  ];
  // Only the placeholder: what the organizer types next (a comma, a space) follows it as typed.
  // After the ticket link, typing goes on outside the link.
  const insert = (name: MessagePlaceholder) => {
    if (!editor) return;
    const token = placeholderToken(name);
    const content =
      name === 'ticket_url'
        ? { type: 'text', text: token, marks: [{ type: 'link', attrs: { href: token } }] }
        : { type: 'text', text: token };
    editor.chain().focus().insertContent(content).unsetMark('link').run();
  };
  return (
    <Box mt={6}>
      <Group gap={6} role="group" aria-labelledby={groupLabelId} wrap="wrap">
        <Text id={groupLabelId} size="xs" c="gray.7">
          <Trans>Insert for each recipient:</Trans>
        </Text>
        {placeholders.map((placeholder) => (
          <Button
            key={placeholder.name}
            size="compact-xs"
            variant="light"
            radius="xl"
            disabled={!editor}
            title={placeholderToken(placeholder.name)}
            onClick={() => insert(placeholder.name)}
          >
            {placeholder.label}
          </Button>
        ))}
      </Group>
    </Box>
  );
}

/** A placeholder the buttons under the editor insert: its text, its label, whether it is a link. */
export interface PlaceholderItem {
  token: string;
  label: string;
  link?: boolean;
}

/** Buttons that insert the given placeholders where the cursor is (a link's as a link). */
function InsertButtons({
  editor,
  hint,
  items,
}: {
  editor: Editor | null;
  hint: string;
  items: PlaceholderItem[];
}) {
  const groupLabelId = useId();
  const insert = (item: PlaceholderItem) => {
    if (!editor) return;
    const content = item.link
      ? { type: 'text', text: item.token, marks: [{ type: 'link', attrs: { href: item.token } }] }
      : { type: 'text', text: item.token };
    editor.chain().focus().insertContent(content).unsetMark('link').run();
  };
  return (
    <Box mt={6}>
      <Group gap={6} role="group" aria-labelledby={groupLabelId} wrap="wrap">
        <Text id={groupLabelId} size="xs" c="gray.7">
          {hint}
        </Text>
        {items.map((item) => (
          <Button
            key={item.token}
            size="compact-xs"
            variant="light"
            radius="xl"
            disabled={!editor}
            title={item.token}
            onClick={() => insert(item)}
          >
            {item.label}
          </Button>
        ))}
      </Group>
    </Box>
  );
}
