// React DOM's browser build carries three features Closetloop never uses (decision 0149), 6.6 kB
// gzip of every page's framework chunk: view transitions (`<ViewTransition>`: measuring, naming
// and animating the elements a transition changes, and starting the document's view transition),
// fragment refs (`<Fragment ref>`: the FragmentInstance with its event, focus, observer and
// position methods) and action state (`useActionState`, `useFormState`). The browser's build keeps
// every function React DOM declares, but the bodies of these features' own functions go: the
// walkers React DOM runs on every commit to find a view transition or a fragment instance answer
// as they do when the tree holds none (each does nothing unless it meets one), and the three ways
// in (a `<ViewTransition>` element, a ref on a Fragment, the hook) refuse with a message naming
// this decision rather than misbehave. The Worker's build (server rendering) keeps React DOM's own.
import { libraryPatch } from "./library-patch.mjs";

export const VIEW_TRANSITIONS_LEFT_OUT =
  "React's <ViewTransition> is left out of the browser's build (decision 0149): use none, or drop scripts/vite/react-dom-client-lean.mjs.";
export const FRAGMENT_REFS_LEFT_OUT =
  "Refs on a React Fragment are left out of the browser's build (decision 0149): put the ref on an element, or drop scripts/vite/react-dom-client-lean.mjs.";
export const ACTION_STATE_LEFT_OUT =
  "React's useActionState (and useFormState) is left out of the browser's build (decision 0149): use a route's action and useFetcher or useActionData, or drop scripts/vite/react-dom-client-lean.mjs.";

const refuse = (message) => `{\n  throw Error(${JSON.stringify(message)});\n}`;
const NOTHING = "{}";

// Functions that walk a committed tree for view transitions or fragment instances, or act on one
// found: with none in the tree each does nothing, so an empty body answers the same.
const VIEW_TRANSITION_FUNCTIONS = [
  "getViewTransitionName",
  "getViewTransitionClassName",
  "trackEnterViewTransitions",
  "applyViewTransitionToHostInstances",
  "applyViewTransitionToHostInstancesRecursive",
  "restoreViewTransitionOnHostInstances",
  "commitAppearingPairViewTransitions",
  "commitEnterViewTransitions",
  "commitDeletedPairViewTransitions",
  "commitExitViewTransitions",
  "commitNestedViewTransitions",
  "restorePairedViewTransitions",
  "restoreEnterOrExitViewTransitions",
  "restoreNestedViewTransitions",
  "measureViewTransitionHostInstancesRecursive",
  "measureNestedViewTransitions",
  "scheduleViewTransitionEvent",
  "applyViewTransitionName",
  "restoreViewTransitionName",
  "startViewTransition",
  "reportViewTransitionError",
  "ViewTransitionPseudoElement",
  "createViewTransitionInstance",
];
const FRAGMENT_INSTANCE_FUNCTIONS = [
  "FragmentInstance",
  "getFragmentInstanceOrTextInstanceSiblings",
  "findFragmentInstanceOrTextInstanceSiblings",
  "commitNewChildToFragmentInstances",
  "commitFragmentInstanceInsertionEffects",
  "commitFragmentInstanceDeletionEffects",
  "commitNewChildToFragmentInstance",
  "deleteChildFromFragmentInstance",
];
// The hook's mount, update and re-render refuse; what only they reach goes.
const ACTION_STATE_HOOKS = ["mountActionState", "updateActionState", "updateActionStateImpl", "rerenderActionState"];
const ACTION_STATE_FUNCTIONS = [
  "dispatchActionState",
  "runActionStateAction",
  "handleActionReturnValue",
  "onActionSuccess",
  "onActionError",
  "notifyActionListeners",
  "actionStateReducer",
  "actionStateActionEffect",
];

/** The browser's React DOM without view transitions, fragment refs and action state (decision 0149). */
export const reactDomWithoutUnusedFeatures = () =>
  libraryPatch({
    name: "react-dom-client-lean",
    library: "React DOM",
    decision: "0149",
    file: /react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/,
    environments: ["client"],
    replacements: [
      // A <ViewTransition> element (and the legacy hidden type that shares its case) is refused.
      [
        "      case REACT_LEGACY_HIDDEN_TYPE:\n      case REACT_VIEW_TRANSITION_TYPE:\n",
        `      case REACT_LEGACY_HIDDEN_TYPE:\n      case REACT_VIEW_TRANSITION_TYPE:\n        throw Error(${JSON.stringify(VIEW_TRANSITIONS_LEFT_OUT)});\n`,
      ],
      // A ref on a view transition or a Fragment is refused when React attaches it.
      [
        "        case 30:\n          var instance = current.stateNode,\n            name = getViewTransitionName(",
        "          instanceToUse = current.stateNode;\n          break;\n",
        `        case 30:\n          throw Error(${JSON.stringify(VIEW_TRANSITIONS_LEFT_OUT)});\n        case 7:\n          throw Error(${JSON.stringify(FRAGMENT_REFS_LEFT_OUT)});\n`,
      ],
      // A commit never starts a document view transition: it flushes as React DOM does without one.
      [
        "  shouldStartViewTransition\n    ? (pendingViewTransition = startViewTransition(",
        "    : (flushMutationEffects(), flushLayoutEffects(), flushSpawnedWork());\n",
        "  flushMutationEffects();\n  flushLayoutEffects();\n  flushSpawnedWork();\n",
      ],
    ],
    functions: Object.fromEntries([
      ...[...VIEW_TRANSITION_FUNCTIONS, ...FRAGMENT_INSTANCE_FUNCTIONS, ...ACTION_STATE_FUNCTIONS].map((fn) => [
        fn,
        NOTHING,
      ]),
      ...ACTION_STATE_HOOKS.map((fn) => [fn, refuse(ACTION_STATE_LEFT_OUT)]),
    ]),
    // The methods of a fragment instance and of a view transition's pseudo-elements.
    statements: ["FragmentInstance.prototype.", "ViewTransitionPseudoElement.prototype."],
  });
