import { Baby, BookOpen, Calendar, HandHeart, Heart, House, Languages, type LucideIcon, Mic, Users } from "lucide-react";

/**
 * Icon names an editor can store on a card. An allow-list of named imports keeps the
 * bundle to the icons used (importing lucide's whole map would ship every icon).
 */
const icons: Record<string, LucideIcon> = {
  "book-open": BookOpen,
  mic: Mic,
  calendar: Calendar,
  "hand-heart": HandHeart,
  users: Users,
  heart: Heart,
  languages: Languages,
  baby: Baby,
  home: House,
  house: House,
};

const DefaultIcon = Heart;

/** A decorative icon for a content card; unknown names get a neutral default. */
export function ContentIcon({ name, className = "h-6 w-6" }: { name: string; className?: string }) {
  const Icon = icons[name] ?? DefaultIcon;
  return <Icon aria-hidden="true" focusable="false" className={className} />;
}

/**
 * Card gradients by name. Every pair starts at a 700 shade so white text on them keeps a
 * contrast ratio of at least 4.5:1 across the whole gradient.
 */
const gradients: Record<string, string> = {
  teal: "from-teal-700 to-cyan-900",
  indigo: "from-indigo-700 to-blue-900",
  amber: "from-amber-700 to-orange-900",
  rose: "from-rose-700 to-pink-900",
  emerald: "from-emerald-700 to-green-900",
  violet: "from-violet-700 to-purple-900",
};

const defaultGradient = "from-brand-700 to-brand-900";

/** Tailwind `from-*`/`to-*` classes for a gradient name; combine with `bg-linear-to-*`. */
export function gradientClasses(name: string): string {
  return gradients[name] ?? defaultGradient;
}
