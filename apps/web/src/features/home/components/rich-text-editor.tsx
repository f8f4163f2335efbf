import { Bold, List } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { EDITOR_DEBOUNCE_MS, useDebouncedCallback } from '@/shared/hooks/use-debounced-callback.ts';
import { formatUserCount } from '@/shared/format/count.ts';
import { visibleLength } from '../certify-rules.ts';
import styles from './rich-text-editor.module.css';
import { certifyMessages } from '@/shared/messages/missions.ts';

/**
 * The certification's rich text: a small contenteditable editor with bold and bullet lists, in its
 * own chunk (loaded only when someone certifies). Its output is a draft: the server sanitizes it to
 * an allow-list (p, br, strong/b, em/i, u, s, ul/ol/li, blockquote) before storing it.
 */

export interface EditorValue {
  html: string;
  /** Visible characters, counted as the server counts them. */
  textLength: number;
}

interface RichTextEditorProps {
  labelId: string;
  /** Ids of the hint and error texts that describe the field. */
  describedBy: string;
  invalid: boolean;
  placeholder: string;
  maxLength: number;
  /** Debounced at 300 ms (spec §5); made at once on blur and through `flushRef`. */
  onChange: (value: EditorValue) => void;
  /** Receives a function that delivers the pending value now (before submitting). */
  flushRef: RefObject<(() => void) | null>;
  /** A kept draft's text, already cleaned (certify-draft-store.ts), put in once at the start. */
  initialHtml?: string;
}

const INLINE_TAGS = new Set(['B', 'STRONG', 'I', 'EM', 'U', 'S', 'BR', 'SPAN', 'FONT']);
const BLOCK_TAGS = new Set(['P', 'UL', 'OL', 'BLOCKQUOTE']);

/**
 * The editor's DOM as tidy HTML: loose text and inline runs go into paragraphs, `div` lines (what
 * some browsers make on Enter) become paragraphs, and empty paragraphs are dropped.
 */
function serialize(root: HTMLElement): string {
  const out = document.createElement('div');
  let paragraph: HTMLParagraphElement | null = null;
  for (const node of Array.from(root.childNodes)) {
    const isInline =
      node.nodeType === Node.TEXT_NODE || (node instanceof HTMLElement && INLINE_TAGS.has(node.tagName));
    if (isInline) {
      paragraph ??= out.appendChild(document.createElement('p'));
      paragraph.append(node.cloneNode(true));
      continue;
    }
    paragraph = null;
    if (!(node instanceof HTMLElement)) continue;
    if (BLOCK_TAGS.has(node.tagName)) out.append(node.cloneNode(true));
    else {
      const p = document.createElement('p');
      p.innerHTML = node.innerHTML;
      out.append(p);
    }
  }
  for (const block of Array.from(out.children)) {
    if ((block.textContent ?? '').trim() === '') block.remove();
  }
  return out.innerHTML;
}

function measure(root: HTMLElement): EditorValue {
  const textLength = visibleLength(root.innerText);
  return { html: textLength === 0 ? '' : serialize(root), textLength };
}

export default function RichTextEditor({
  labelId,
  describedBy,
  invalid,
  placeholder,
  maxLength,
  onChange,
  flushRef,
  initialHtml = '',
}: RichTextEditorProps) {
  const editorRef = useRef<HTMLDivElement>(null);
  const [length, setLength] = useState(0);
  const [empty, setEmpty] = useState(true);
  const [formats, setFormats] = useState({ bold: false, list: false });
  const debounced = useDebouncedCallback(onChange, EDITOR_DEBOUNCE_MS);

  useEffect(() => {
    flushRef.current = debounced.flush;
    return () => {
      flushRef.current = null;
    };
  }, [debounced, flushRef]);

  // A kept draft goes in once, and is measured like typed text.
  const initialized = useRef(false);
  useEffect(() => {
    const editor = editorRef.current;
    if (initialized.current || !editor || initialHtml === '') return;
    initialized.current = true;
    editor.innerHTML = initialHtml;
    const value = measure(editor);
    setLength(value.textLength);
    setEmpty(value.textLength === 0);
    onChange(value);
  }, [initialHtml, onChange]);

  const readFormats = () => {
    setFormats({
      bold: document.queryCommandState('bold'),
      list: document.queryCommandState('insertUnorderedList'),
    });
  };

  const changed = () => {
    const editor = editorRef.current;
    if (!editor) return;
    const value = measure(editor);
    // A browser leaves a lone <br> behind when everything is deleted; clear it so the placeholder shows.
    if (value.textLength === 0 && !editor.querySelector('li')) editor.innerHTML = '';
    setLength(value.textLength);
    setEmpty(value.textLength === 0);
    debounced.call(value);
  };

  const format = (command: 'bold' | 'insertUnorderedList') => {
    editorRef.current?.focus();
    document.execCommand(command);
    readFormats();
    changed();
  };

  const over = length > maxLength;
  return (
    <div className={styles.editor} data-invalid={invalid || over || undefined}>
      <div className={styles.toolbar} role="toolbar" aria-label={certifyMessages.formatToolbar}>
        <button
          type="button"
          className={styles.tool}
          aria-pressed={formats.bold}
          aria-label={certifyMessages.bold}
          // Keeps the selection in the editor while the button is pressed.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => format('bold')}
        >
          <Bold aria-hidden="true" size={18} strokeWidth={2.5} />
        </button>
        <button
          type="button"
          className={styles.tool}
          aria-pressed={formats.list}
          aria-label={certifyMessages.bulletList}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => format('insertUnorderedList')}
        >
          <List aria-hidden="true" size={18} strokeWidth={2.5} />
        </button>
      </div>
      <div
        ref={editorRef}
        className={styles.area}
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || over || undefined}
        data-placeholder={placeholder}
        data-empty={empty || undefined}
        tabIndex={0}
        onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
        onInput={changed}
        onKeyUp={readFormats}
        onMouseUp={readFormats}
        onBlur={() => debounced.flush()}
        onPaste={(event) => {
          // Pasted text arrives as plain text: no foreign styles, scripts or images.
          event.preventDefault();
          document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
        }}
        onDrop={(event) => event.preventDefault()}
      />
      <p className={styles.counter} data-over={over || undefined}>
        <span className="visually-hidden">{certifyMessages.counterLabel}</span>
        {certifyMessages.counter(formatUserCount(length), formatUserCount(maxLength))}
      </p>
    </div>
  );
}
