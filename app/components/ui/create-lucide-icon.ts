import { createElement, type Ref, type SVGProps } from "react";

/*
 * lucide-react's `createLucideIcon`, reduced to what this site uses (ADR 024). Every lucide
 * icon module calls `createLucideIcon(iconData)`; vite.config.ts points that import here, in
 * the client and the server build alike, so the markup is the same on both sides. lucide's own
 * runtime (a context provider, alias and attribute-name tables, non-scaling strokes, class
 * de-duplication) is about 7 KB of code on every page; this is a few hundred bytes and renders
 * the same <svg>: 24×24 view box, round caps and joins, `stroke` = currentColor, the
 * `lucide lucide-<name>` classes, and aria-hidden unless the icon is given an accessible name.
 */

interface IconData {
  name?: string;
  size?: number;
  node: [string, Record<string, string | number>][];
  aliases?: string[];
}

export interface IconProps extends SVGProps<SVGSVGElement> {
  size?: number | string;
  color?: string;
  strokeWidth?: number | string;
  absoluteStrokeWidth?: boolean;
  ref?: Ref<SVGSVGElement>;
}

const labelled = (props: Record<string, unknown>) =>
  Object.keys(props).some((name) => (name.startsWith("aria-") || name === "role" || name === "title") && props[name] != null);

export default function createLucideIcon(icon: IconData) {
  const box = icon.size ?? 24;
  const classes = ["lucide", ...(icon.name ? [icon.name] : []), ...(icon.aliases ?? [])]
    .map((name, index) => (index === 0 ? name : `lucide-${name}`))
    .join(" ");
  function LucideIcon({
    size = 24,
    color = "currentColor",
    strokeWidth = 2,
    absoluteStrokeWidth,
    className,
    children,
    ...rest
  }: IconProps) {
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: size,
        height: size,
        viewBox: `0 0 ${box} ${box}`,
        fill: "none",
        stroke: color,
        strokeWidth: absoluteStrokeWidth ? (Number(strokeWidth) * box) / Number(size) : strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: className ? `${classes} ${className}` : classes,
        ...(children != null || labelled(rest) ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
      children,
    );
  }
  if (icon.name) LucideIcon.displayName = icon.name;
  return LucideIcon;
}
