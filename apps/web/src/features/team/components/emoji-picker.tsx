import styles from './team.module.css';
import { teamMessages } from '@/shared/messages/team.ts';

/** A small set of team emoji; the grid is one radio group (arrow keys move, one tab stop). */
export const TEAM_EMOJI = [
  '🌿',
  '🌱',
  '☀️',
  '⭐',
  '🚀',
  '💪',
  '🏃',
  '🚶',
  '💧',
  '📚',
  '🧘',
  '🍎',
  '🌈',
  '🐻',
  '🐰',
  '🔥',
] as const;

export function EmojiPicker({
  value,
  onChange,
  disabled = false,
}: {
  value: string;
  onChange: (emoji: string) => void;
  disabled?: boolean;
}) {
  const move = (delta: number) => {
    const index = TEAM_EMOJI.indexOf(value as (typeof TEAM_EMOJI)[number]);
    const next = TEAM_EMOJI[(Math.max(0, index) + delta + TEAM_EMOJI.length) % TEAM_EMOJI.length]!;
    onChange(next);
    document.getElementById(`emoji-${next}`)?.focus();
  };
  return (
    <div>
      <p id="emoji-label" className={styles.body}>
        {teamMessages.emoji}
      </p>
      <div className={styles.emojiGrid} role="radiogroup" aria-labelledby="emoji-label">
        {TEAM_EMOJI.map((emoji) => (
          <button
            key={emoji}
            id={`emoji-${emoji}`}
            type="button"
            role="radio"
            aria-checked={emoji === value}
            tabIndex={
              emoji === value || (!TEAM_EMOJI.includes(value as never) && emoji === TEAM_EMOJI[0]) ? 0 : -1
            }
            className={styles.emojiOption}
            disabled={disabled}
            onClick={() => onChange(emoji)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight' || event.key === 'ArrowDown') {
                event.preventDefault();
                move(1);
              } else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') {
                event.preventDefault();
                move(-1);
              }
            }}
          >
            {emoji}
          </button>
        ))}
      </div>
    </div>
  );
}
