/** An anchor that navigates inside the app (a real href, so open-in-new-tab and screen readers work). */
import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { navigate } from "../router.js";

export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={go} {...rest} />;
}
