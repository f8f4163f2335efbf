import type { BadgeKind } from '@hamkke/contract/user/badges';
import {
  Activity,
  AlarmClock,
  Apple,
  Award,
  BadgeCheck,
  Bed,
  Bike,
  BookOpen,
  Brush,
  CalendarCheck,
  Carrot,
  CircleCheckBig,
  Coffee,
  Droplet,
  Crown,
  Dumbbell,
  Flame,
  Footprints,
  Gem,
  Gift,
  GlassWater,
  Hand,
  Handshake,
  Heart,
  HeartHandshake,
  Leaf,
  MailOpen,
  MessageCircle,
  Milk,
  Moon,
  Music,
  NotebookPen,
  Palette,
  PenLine,
  PersonStanding,
  Phone,
  Salad,
  ShowerHead,
  Smile,
  Sparkles,
  Sprout,
  Sun,
  Target,
  Trees,
  Trophy,
  Utensils,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import styles from './app-icons.module.css';

/**
 * Mission and badge icons are drawn by the app (one SVG set, lucide), never as system emoji, which
 * differ from phone to phone and are empty boxes where no emoji font exists. The data keeps its
 * `icon` / `emoji` (operators pick one in the console); this maps it, by the emoji or by a plain
 * key such as `water`, to the app's icon, and a badge without a known one by its kind.
 */
const ICONS: Readonly<Record<string, LucideIcon>> = {
  water: Droplet,
  walk: Footprints,
  write: PenLine,
  stretch: PersonStanding,
  read: BookOpen,
  call: Phone,
  sprout: Sprout,
  flame: Flame,
  zap: Zap,
  sparkles: Sparkles,
  gem: Gem,
  crown: Crown,
  hand: Hand,
  target: Target,
  hundred: BadgeCheck,
  calendar: CalendarCheck,
  handshake: Handshake,
  letter: MailOpen,
  trophy: Trophy,
  gift: Gift,
  apple: Apple,
  exercise: Dumbbell,
  bike: Bike,
  sleep: Moon,
  bed: Bed,
  sun: Sun,
  music: Music,
  salad: Salad,
  meal: Utensils,
  drink: GlassWater,
  tea: Coffee,
  milk: Milk,
  heart: Heart,
  smile: Smile,
  clean: Brush,
  trees: Trees,
  art: Palette,
  talk: MessageCircle,
  alarm: AlarmClock,
  diary: NotebookPen,
  run: Activity,
  leaf: Leaf,
  vegetable: Carrot,
  shower: ShowerHead,
  care: HeartHandshake,
  award: Award,
};

/** The emoji the demo data and the console use, by the key of their icon. */
const EMOJI_KEYS: Readonly<Record<string, string>> = {
  '💧': 'water',
  '🚰': 'water',
  '🚶': 'walk',
  '👣': 'walk',
  '✍': 'write',
  '📝': 'diary',
  '📓': 'diary',
  '🧘': 'stretch',
  '🤸': 'stretch',
  '📚': 'read',
  '📖': 'read',
  '📞': 'call',
  '☎': 'call',
  '📱': 'call',
  '🌱': 'sprout',
  '🌿': 'leaf',
  '🍀': 'leaf',
  '🔥': 'flame',
  '⚡': 'zap',
  '🌟': 'sparkles',
  '✨': 'sparkles',
  '⭐': 'sparkles',
  '💎': 'gem',
  '👑': 'crown',
  '✋': 'hand',
  '🖐': 'hand',
  '🎯': 'target',
  '💯': 'hundred',
  '🗓': 'calendar',
  '📅': 'calendar',
  '📆': 'calendar',
  '🤝': 'handshake',
  '💌': 'letter',
  '✉': 'letter',
  '🏆': 'trophy',
  '🏅': 'award',
  '🎖': 'award',
  '🎁': 'gift',
  '🍎': 'apple',
  '🍏': 'apple',
  '💪': 'exercise',
  '🏋': 'exercise',
  '🚴': 'bike',
  '🚲': 'bike',
  '🏃': 'run',
  '😴': 'sleep',
  '🌙': 'sleep',
  '🛌': 'bed',
  '☀': 'sun',
  '🌞': 'sun',
  '🎵': 'music',
  '🎶': 'music',
  '🥗': 'salad',
  '🍽': 'meal',
  '🍚': 'meal',
  '🥤': 'drink',
  '🍵': 'tea',
  '☕': 'tea',
  '🥛': 'milk',
  '❤': 'heart',
  '💕': 'heart',
  '😊': 'smile',
  '😀': 'smile',
  '🧹': 'clean',
  '🪥': 'clean',
  '🌳': 'trees',
  '🌲': 'trees',
  '🎨': 'art',
  '💬': 'talk',
  '⏰': 'alarm',
  '🥕': 'vegetable',
  '🥦': 'vegetable',
  '🚿': 'shower',
  '🙏': 'care',
};

const BADGE_KIND_ICONS: Readonly<Record<BadgeKind, LucideIcon>> = {
  FIRST_CERTIFICATION: Sprout,
  STREAK: Flame,
  CERTIFICATION_COUNT: Target,
  FIRST_TEAM: Handshake,
  FIRST_INVITE_ACCEPTED: MailOpen,
  CHALLENGE_COMPLETED: Trophy,
};

/** An emoji without its presentation selector, skin tone or joined parts: its base character. */
function baseOf(emoji: string): string {
  const first = emoji.trim().split('\u200d')[0] ?? '';
  return first.replace(/[\ufe0e\ufe0f]|\ud83c[\udffb-\udfff]/g, '');
}

/** The app's icon for a mission's or a badge's `icon` (an emoji or a key); `null` when unknown. */
export function appIconFor(icon: string): LucideIcon | null {
  const key = icon.trim().toLowerCase();
  return ICONS[key] ?? ICONS[EMOJI_KEYS[baseOf(icon)] ?? ''] ?? null;
}

interface IconProps {
  /** Pixel size of the drawing. */
  size?: number;
  className?: string;
}

function Drawn({ Icon, kind, size = 20, className }: IconProps & { Icon: LucideIcon; kind: string }) {
  return (
    <Icon
      aria-hidden="true"
      focusable="false"
      size={size}
      strokeWidth={2}
      className={[styles.icon, className].filter(Boolean).join(' ')}
      data-app-icon={kind}
    />
  );
}

/** A mission's icon, drawn by the app (a check mark for an icon the app does not know). */
export function MissionIcon({ icon, ...props }: IconProps & { icon: string }) {
  return <Drawn Icon={appIconFor(icon) ?? CircleCheckBig} kind="mission" {...props} />;
}

/** A badge's icon, drawn by the app: its emoji's icon, else its kind's. */
export function BadgeIcon({
  emoji,
  kind,
  ...props
}: IconProps & { emoji: string; kind?: BadgeKind | undefined }) {
  const Icon = appIconFor(emoji) ?? (kind ? BADGE_KIND_ICONS[kind] : Award);
  return <Drawn Icon={Icon} kind="badge" {...props} />;
}
