// SymbolView for React: react-native-nitro-symbols' props, rendered as an Image element with
// the symbol modifiers they map to (the plain client's symbolViewNode does the mapping, so the
// two front-ends send the same node). Equal props make equal modifiers, so a re-render with
// them leaves every modifier of the node unchanged on the host.
import { symbolViewNode } from '../../js/src/index.js';
import { React } from './dependencies.js';

/**
 * An SF Symbol: `symbolName`, `pointSize` (24), `weight`, `tintColor` or `colors` (up to 3),
 * `isAnimating`, `isVisible`, `scale`, `effect`, `variant`, `renderingMode`, `modifiers`.
 * Renders nothing while `isVisible` is false (the image leaves the tree).
 */
export function SymbolView(props) {
  const { isVisible, ...rest } = props;
  if (isVisible !== undefined && typeof isVisible !== 'boolean') {
    throw new TypeError(`SymbolView: isVisible must be a boolean, got ${typeof isVisible} ${String(isVisible)}`);
  }
  // Checked even while hidden, so a wrong prop fails where it is written.
  const node = symbolViewNode(rest);
  if (isVisible === false) return null;
  return React.createElement('Image', { ...node.props, modifiers: node.modifiers });
}
