import { brand } from '@stillpoint/core';
import type { PopupModel } from './model';

function element<K extends keyof HTMLElementTagNameMap>(
  document: Document,
  tag: K,
  props: { text?: string; className?: string; attrs?: Record<string, string> } = {},
  children: Node[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.text !== undefined) node.textContent = props.text;
  if (props.className) node.className = props.className;
  for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const link = (document: Document, href: string, text: string, className = 'button') =>
  element(document, 'a', { text, className, attrs: { href, target: '_blank', rel: 'noopener' } });

const usesText = (usesLeft: number, budget: number) =>
  `${usesLeft} of ${budget} ${budget === 1 ? 'use' : 'uses'} left today`;

/** What the popup's buttons do; the page supplies them, since they call Chrome. */
export interface PopupActions {
  /** Asks Chrome for access to these sites: must run inside the click, a user gesture. */
  grantAccess(patterns: string[]): void;
}

/**
 * The sites this browser has not granted access to (decision 045), and the one button that asks
 * Chrome for all of them.
 */
function accessSection(document: Document, model: PopupModel, actions: PopupActions): Node {
  const button = element(document, 'button', { text: 'Grant access', className: 'button' });
  button.type = 'button';
  button.addEventListener('click', () => actions.grantAccess(model.accessPatterns));
  const hosts = model.needsAccess.map((site) =>
    element(document, 'li', {}, [element(document, 'span', { className: 'host', text: site.host })]),
  );
  return element(
    document,
    'section',
    { className: 'access', attrs: { 'aria-labelledby': 'access-heading' } },
    [
      element(document, 'h2', { text: 'Needs access on this browser', attrs: { id: 'access-heading' } }),
      element(document, 'p', {
        className: 'muted',
        text: `${brand.name} pauses before these sites once this browser allows it; one click asks for all of them.`,
      }),
      element(
        document,
        'ul',
        { className: 'sites', attrs: { 'aria-label': 'Sites that need access' } },
        hosts,
      ),
      button,
    ],
  );
}

/** Renders the popup into `container`, replacing what was there. */
export function renderPopup(
  document: Document,
  container: HTMLElement,
  model: PopupModel,
  actions: PopupActions = { grantAccess: () => undefined },
): void {
  const children: Node[] = [element(document, 'h1', { text: brand.name })];

  if (!model.signedIn) {
    children.push(
      element(document, 'p', {
        text: 'Sign in to pause before the sites that pull you in, within a daily budget.',
      }),
      link(document, model.signInUrl, 'Sign in'),
      legalLinks(document, model),
    );
    container.replaceChildren(...children);
    return;
  }

  children.push(element(document, 'p', { className: 'status', text: 'Signed in' }));
  if (model.needsAccess.length > 0) children.push(accessSection(document, model, actions));
  children.push(element(document, 'h2', { text: 'Today' }));
  if (model.sites.length === 0) {
    children.push(
      element(document, 'p', { className: 'muted', text: 'No sites yet. Add one on your dashboard.' }),
    );
  } else {
    const items = model.sites.map((site) =>
      element(document, 'li', {}, [
        element(document, 'span', { className: 'host', text: site.host }),
        element(document, 'span', {
          className: 'uses',
          text:
            site.sessionMinutesLeft === null
              ? usesText(site.usesLeft, site.budget)
              : `open · ${site.sessionMinutesLeft} min left`,
        }),
      ]),
    );
    children.push(
      element(document, 'ul', { className: 'sites', attrs: { 'aria-label': "Today's sites" } }, items),
    );
  }
  children.push(
    element(document, 'p', {
      className: 'muted',
      text: `Feeds blocked on ${model.feedsBlocked} of 6 sites.`,
    }),
  );
  if (model.staleNote) children.push(element(document, 'p', { className: 'muted', text: model.staleNote }));
  children.push(link(document, model.dashboardUrl, 'Open dashboard'));
  children.push(legalLinks(document, model));
  container.replaceChildren(...children);
}

/** The web app's privacy policy and terms, small, at the foot of the popup. */
const legalLinks = (document: Document, model: PopupModel) =>
  element(document, 'p', { className: 'legal' }, [
    link(document, model.privacyUrl, 'Privacy policy', 'legal-link'),
    document.createTextNode(' · '),
    link(document, model.termsUrl, 'Terms', 'legal-link'),
  ]);
