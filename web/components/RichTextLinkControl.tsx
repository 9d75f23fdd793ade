import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Popover, Stack, TextInput } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { type Editor, useEditorState } from '@tiptap/react';
import { type KeyboardEvent, useState } from 'react';
import { LinkIcon } from './organizer-icons';

/**
 * The toolbar's link button: a small form with a labelled address field (Enter saves, Escape
 * closes and gives the focus back to the button). Mantine's own link control has an unnamed
 * button in its popover, which screen readers cannot name.
 */
export function LinkControl({ editor }: { editor: Editor | null }) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  // The text the link is for, as selected when the form opened: the editor's selection may
  // move while the focus is in the form.
  const [range, setRange] = useState<{ from: number; to: number } | null>(null);
  const active = useEditorState({
    editor,
    selector: (state) => (state.editor && !state.editor.isDestroyed ? state.editor.isActive('link') : false),
  });

  const open = () => {
    setUrl((editor?.getAttributes('link').href as string | undefined) ?? '');
    setRange(editor ? selectedRange(editor) : null);
    setOpened(true);
  };
  /** Saves the address as typed (read from the field itself, not from the last render). */
  const save = (typed: string) => {
    setOpened(false);
    if (!editor) return;
    const href = typed.trim();
    const size = editor.state.doc.content.size;
    const chain = editor.chain().focus();
    if (range && range.to <= size) chain.setTextSelection(range);
    chain.extendMarkRange('link');
    if (href === '') chain.unsetLink().run();
    else chain.setLink({ href: /^[a-z][a-z0-9+.-]*:|^\{\{/i.test(href) ? href : `https://${href}` }).run();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save(event.currentTarget.value);
    }
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      returnFocus
      withinPortal
      shadow="md"
      position="bottom-start"
      zIndex={300}
    >
      <Popover.Target>
        <RichTextEditor.Control
          aria-label={t`Link`}
          title={t`Link`}
          active={active ?? false}
          aria-haspopup="dialog"
          aria-expanded={opened}
          disabled={!editor}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <LinkIcon size={16} />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={300}>
          <TextInput
            label={t`Link address`}
            placeholder="https://"
            type="url"
            value={url}
            onChange={(change) => setUrl(change.currentTarget.value)}
            onKeyDown={onKeyDown}
            data-autofocus
          />
          <Group gap="xs" justify="flex-end">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button size="xs" onClick={() => save(url)}>
              <Trans>Save link</Trans>
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The text selected in the editor as the page shows it: the editor reads a selection made with
 * the keyboard a moment later (on `selectionchange`), so right after Shift+arrows its own may
 * still be the old one. Its own when the page's selection is elsewhere.
 */
function selectedRange(editor: Editor): { from: number; to: number } {
  const own = editor.state.selection;
  const page = window.getSelection();
  const { anchorNode, focusNode } = page ?? {};
  if (
    !page ||
    !anchorNode ||
    !focusNode ||
    !editor.view.dom.contains(anchorNode) ||
    !editor.view.dom.contains(focusNode)
  ) {
    return { from: own.from, to: own.to };
  }
  try {
    const anchor = editor.view.posAtDOM(anchorNode, page.anchorOffset);
    const head = editor.view.posAtDOM(focusNode, page.focusOffset);
    return { from: Math.min(anchor, head), to: Math.max(anchor, head) };
  } catch {
    return { from: own.from, to: own.to };
  }
}
