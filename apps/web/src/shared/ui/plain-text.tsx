import styles from './plain-text.module.css';

interface PlainTextProps {
  /** Plain text with blank lines between paragraphs and single line breaks inside them. */
  text: string;
  className?: string;
}

/** Operator text (notices, popups, FAQ, service info) as paragraphs; never parsed as HTML. */
export function PlainText({ text, className }: PlainTextProps) {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  return (
    <div className={[styles.text, className].filter(Boolean).join(' ')}>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
