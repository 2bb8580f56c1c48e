/*
 * React's API, as the app and its libraries import it ("react" is aliased here in
 * frontend/build.config.js): Preact's compat layer, with what it leaves out that the app relies on.
 */
import { Fragment, options } from "preact";

export * from "preact/compat";
export { default } from "preact/compat";

/*
 * An empty string renders nothing, as in React. Preact draws it as an empty text node, which
 * `{error && <div>…</div>}` leaves in place while `error` is "": the live regions would not be
 * empty, and once the message comes Preact takes the next <div> sibling for it and mounts that
 * sibling again (a form loses what was typed and its messages).
 */
function withoutEmptyStrings(children) {
  if (children === "") return null;
  if (!Array.isArray(children) || !children.some((child) => child === "" || Array.isArray(child)))
    return children;
  return children.map(withoutEmptyStrings);
}

/*
 * autoFocus focuses the element as it mounts, as React does. Preact only sets the autofocus
 * attribute, which a browser honours once per page load, so a dialog's first choice or a form
 * opened for editing would not take the focus. The ref is the moment the element is in the page;
 * one wrapper per original ref keeps it from being called again on every render.
 */
const focusing = new WeakMap();
const focusOnMount = (element) => element?.focus();

function withFocus(ref) {
  if (!ref) return focusOnMount;
  if (!focusing.has(ref)) {
    focusing.set(ref, (element) => {
      focusOnMount(element);
      if (typeof ref === "function") ref(element);
      else ref.current = element;
    });
  }
  return focusing.get(ref);
}

const previousVnode = options.vnode;
options.vnode = (vnode) => {
  const { props } = vnode;
  if ((typeof vnode.type === "string" || vnode.type === Fragment) && props && "children" in props) {
    props.children = withoutEmptyStrings(props.children);
  }
  if (typeof vnode.type === "string" && props && "autoFocus" in props) {
    const { autoFocus, ...rest } = props;
    vnode.props = rest;
    if (autoFocus) vnode.ref = withFocus(vnode.ref);
  }
  if (previousVnode) previousVnode(vnode);
};
