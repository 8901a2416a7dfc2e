import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

type ScriptsProps = Parameters<typeof Scripts>[0];

type ElementProps = {
  rel?: unknown;
  href?: unknown;
  type?: unknown;
  crossOrigin?: unknown;
  integrity?: unknown;
  children?: ReactNode;
  dangerouslySetInnerHTML?: { __html: string };
};

/** A modulepreload link of `<Scripts>`, as the starter recreates it. */
type Preload = { href: string; crossOrigin?: string; integrity?: string };

/** The id of the inert copy of React Router's module script, read by the starter. */
export const BOOT_SCRIPT_ID = "rr-boot";
/** The inert type the module script is written with until the starter runs it. */
export const INERT_MODULE_TYPE = "text/x-module-after-first-paint";

/**
 * React Router's `<Scripts>`, with the app's JavaScript requested only after the first paint
 * (issue 10, ADR 025).
 *
 * The page is complete HTML from the server; its JavaScript only makes it interactive. Fetched
 * at once (modulepreload links and a module script with static imports, as `<Scripts>` writes
 * them), ~130 KB of it shares a slow connection with the stylesheet and the hero image the
 * visitor waits for, and its evaluation can run before the first frame. Here the links and the
 * module script are written inert, and a small inline starter adds them for real once the
 * browser has painted (see `starterScript`). Hydration starts that much later: a frame on a
 * fast connection, about the stylesheet's download on a slow one.
 *
 * `Scripts` is called as a function so that its hooks belong to this component; its element
 * tree (a fragment of links and scripts, null once hydrated) is rewritten here. The browser
 * renders the same component while hydrating, so both sides agree. When the tree is not the
 * shape this expects (a React Router upgrade), it is returned unchanged: the page still
 * works, only sooner-loaded. `scripts.test.tsx` beside this file describes the shape, and the
 * browser test in `tests/e2e/home.test.ts` fails in that case.
 */
export function AfterPaintScripts(props: ScriptsProps) {
  return startAfterFirstPaint(Scripts(props), props.nonce);
}

export function startAfterFirstPaint(tree: ReactNode, nonce: string | undefined): ReactNode {
  if (!isValidElement<ElementProps>(tree) || tree.type !== Fragment) return tree;
  const preloads: Preload[] = [];
  let moduleScript: ReactElement<ElementProps> | undefined;
  const rest: ReactNode[] = [];
  const visit = (node: ReactNode) => {
    if (!isValidElement<ElementProps>(node)) return rest.push(node);
    const { props } = node;
    if (node.type === Fragment) return Children.forEach(props.children, visit);
    if (node.type === "link" && props.rel === "modulepreload" && typeof props.href === "string") {
      return preloads.push({
        href: props.href,
        ...(typeof props.crossOrigin === "string" ? { crossOrigin: props.crossOrigin } : {}),
        ...(typeof props.integrity === "string" ? { integrity: props.integrity } : {}),
      });
    }
    if (node.type === "script" && props.type === "module" && props.dangerouslySetInnerHTML) {
      if (moduleScript) return rest.push(node);
      moduleScript = node;
      return;
    }
    rest.push(node);
  };
  visit(tree);
  if (!moduleScript || preloads.length === 0) return tree;
  return (
    <>
      {rest}
      <script
        id={BOOT_SCRIPT_ID}
        type={INERT_MODULE_TYPE}
        nonce={nonce}
        suppressHydrationWarning
        dangerouslySetInnerHTML={moduleScript.props.dangerouslySetInnerHTML}
      />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: starterScript(preloads) }} />
    </>
  );
}

/**
 * The inline starter: modulepreload links, then the module script, once the browser reports its
 * first contentful paint (a `paint` PerformanceObserver, buffered, so a paint that came before
 * the starter counts). It goes at once in a hidden tab and when the tab is hidden before its
 * first paint (nothing is painted there, and Chrome reports no paint for it later), and in a
 * browser without paint timing. Not on `load`: that often comes before the first paint. No
 * timers: a page whose clock is paused (the browser tests' fake clock) still starts.
 */
export function starterScript(preloads: Preload[]): string {
  const list = JSON.stringify(preloads).replace(/</g, "\\u003c");
  return (
    `(function(){var w=window,d=document,p=${list},done=0;function go(){if(done)return;done=1;` +
    `for(var i=0;i<p.length;i++){var l=d.createElement("link");l.rel="modulepreload";l.href=p[i].href;` +
    `if(p[i].crossOrigin)l.crossOrigin=p[i].crossOrigin;if(p[i].integrity)l.integrity=p[i].integrity;d.head.appendChild(l)}` +
    `var o=d.getElementById(${JSON.stringify(BOOT_SCRIPT_ID)}),s=d.createElement("script");s.type="module";s.nonce=o.nonce;` +
    `s.textContent=o.textContent;d.head.appendChild(s)}` +
    `var P=w.PerformanceObserver,t=P&&P.supportedEntryTypes||[];` +
    `if(d.visibilityState==="hidden"||t.indexOf("paint")<0)return go();` +
    `d.addEventListener("visibilitychange",function(){if(d.visibilityState==="hidden")go()});` +
    `new P(function(e,ob){if(e.getEntriesByName("first-contentful-paint").length){ob.disconnect();go()}})` +
    `.observe({type:"paint",buffered:true})})()`
  );
}
