import { Link, type LinkProps } from "react-router";

const variants = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  accent: "bg-accent-400 text-slate-950 hover:bg-accent-500",
  outline: "border-2 border-current bg-transparent hover:bg-white/10",
  light: "bg-white text-brand-800 hover:bg-brand-50",
} as const;

export const buttonClasses = (variant: keyof typeof variants = "primary") =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold transition-colors ${variants[variant]}`;

export function ButtonLink({ variant = "primary", className = "", ...props }: LinkProps & { variant?: keyof typeof variants }) {
  return <Link {...props} className={`${buttonClasses(variant)} ${className}`} />;
}
