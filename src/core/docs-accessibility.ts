/**
 * What /docs adds to Swagger UI for keyboard, screen reader and low-vision users, served from
 * /docs/assets/ like Swagger UI's own files (the page's CSP allows scripts and styles from this
 * server only). Each rule or hook answers one finding of an axe-core audit of Swagger UI 5.35.
 */

/**
 * Loaded after swagger-ui.css, at the same specificity, so it wins; dark mode's rules
 * (`html.dark-mode …`) stay more specific and keep theirs. Every colour is 4.5:1 or more against
 * the white (or near-white) it sits on, or under the white text it carries (WCAG 1.4.3).
 */
export const DOCS_STYLESHEET = `
/* The "Authorize" buttons (the page's and the dialog's): #49cc90, 2.03:1 → 5.4:1. */
.swagger-ui .btn.authorize { border-color: #187a4a; color: #187a4a; }
.swagger-ui .btn.authorize svg { color: #187a4a; }
/* The version and OAS badges under white text: 3.76:1 and 2.2:1 → 6.8:1 and 5.5:1. */
.swagger-ui .info .title small { background: #555b66; }
.swagger-ui .info .title small.version-stamp { background-color: #4a7500; }
/* The link to /openapi.json: 3.29:1 → 6:1. */
.swagger-ui .info a { color: #1f62b5; }
/* The method badges under white text: GET 2.31:1, POST 2.03:1, PUT, DELETE and PATCH lower still. */
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1f62b5; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #187a4a; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #9a5500; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #c81e1e; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0f7a66; }
/* The schemas' "Expand all": 1.92:1 → 5.7:1. */
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #666666; }
/* Read by screen readers, not shown: the "Operations" heading the plugin adds. */
.swagger-ui .visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
`;

/**
 * A Swagger UI plugin (`window.tollgateAccessibility`), through its component hooks rather than
 * by watching the DOM. Where Swagger UI renders an element without the attribute it lacks and
 * offers no prop for it (the servers select, the schemas heading), a wrapper sets the attribute
 * after each of its renders; React leaves attributes it did not set alone.
 */
export const ACCESSIBILITY_PLUGIN = `window.tollgateAccessibility = (system) => {
  const React = system.React;
  const h = React.createElement;
  const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

  // The Authorize dialog: announced as a modal dialog, Tab and Shift+Tab kept inside it, Escape
  // closes it, and focus goes in when it opens and back to where it was when it closes.
  const modalDialog = (Original) => (props) => {
    const box = React.useRef(null);
    React.useEffect(() => {
      const opener = document.activeElement;
      (box.current?.querySelector('input') ?? box.current?.querySelector(FOCUSABLE))?.focus();
      // Closing re-renders the button that opened the dialog: focus goes to the one now there.
      return () => (opener?.isConnected ? opener : document.querySelector('.auth-wrapper .btn.authorize'))?.focus();
    }, []);
    const onKeyDown = (event) => {
      if (event.key === 'Escape') return box.current?.querySelector('.close-modal')?.click();
      if (event.key !== 'Tab') return;
      const stops = [...box.current.querySelectorAll(FOCUSABLE)].filter((element) => element.offsetParent !== null);
      if (stops.length === 0) return;
      const [first, last] = [stops[0], stops[stops.length - 1]];
      const outside = !box.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || outside)) { event.preventDefault(); last.focus(); }
      else if (!event.shiftKey && (document.activeElement === last || outside)) { event.preventDefault(); first.focus(); }
    };
    return h('div', { ref: box, role: 'dialog', 'aria-modal': 'true', 'aria-label': 'Available authorizations', onKeyDown }, h(Original, props));
  };

  // The select sits in an empty <label>; "Servers" beside it is a plain span.
  const namedServers = (Original) => (props) => {
    React.useLayoutEffect(() => document.getElementById('servers')?.setAttribute('aria-label', 'Servers'));
    return h(Original, props);
  };

  // The page's h1 is followed by the tags' h3s: an h2 (for screen readers' headings list) between.
  const operationsHeading = (Original) => (props) =>
    h(React.Fragment, null, h('h2', { className: 'visually-hidden' }, 'Operations'), h(Original, props));

  // "Schemas" is an h4 after the h2 "Webhooks": a level-2 heading, as the section it opens is.
  const schemasHeading = (Original) => (props) => {
    React.useLayoutEffect(() => document.querySelector('.swagger-ui section.models > h4')?.setAttribute('aria-level', '2'));
    return h(Original, props);
  };

  return {
    wrapComponents: {
      authorizationPopup: modalDialog,
      Servers: namedServers,
      operations: operationsHeading,
      Models: schemasHeading,
    },
  };
};
`;
