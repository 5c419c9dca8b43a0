import { LATE_HEAD_ID } from '../../contract/earlyData';

/** Adds the site's manifest and icons the shell held back (see LATE_HEAD_ID); once. */
export function addLateHead() {
  const template = document.getElementById(LATE_HEAD_ID);
  if (!(template instanceof HTMLTemplateElement)) return;
  // the shell's empty stand-in
  for (const icon of document.head.querySelectorAll('link[rel=icon]')) icon.remove();
  document.head.append(template.content);
  template.remove();
}
