import type { ActionView } from "@forecourt/ui-shell/contract";
import { Style } from "./Style";
import css from "./sidebar-actions.css?inline";
import { ActionLink } from "./VdpParts";

/** Ids of the sidebar's page tools (Share, Fave, Save, Print): a row of small links, never buttons. */
export const TOOL_ACTIONS: readonly string[] = ["share", "fave", "save", "print"];

/** How many of the other actions show as buttons; the rest are in the "More options" menu (when two or more). */
export const BUTTONS_SHOWN = 3;

/** The sidebar's actions as {@link SidebarActions} lays them out. */
export interface ActionGroups {
  /** The first {@link BUTTONS_SHOWN} actions that are not tools (one more instead of a menu of one), in order (the primary first). */
  buttons: ActionView[];
  /** The other actions that are not tools, in order (Trade-In, Online Purchase, Car History Report...). */
  more: ActionView[];
  /** The page tools, in order. */
  tools: ActionView[];
}

/**
 * Splits the sidebar's actions (issue 39: 8-10 stacked full-width buttons) into two or three
 * buttons, a "More options" menu and a row of page tools; a menu of one would only hide it, so a
 * single further action is a button too. Takes the actions in the shell's order; returns
 * {@link ActionGroups} (every action in exactly one group, order kept).
 */
export function groupActions(actions: readonly ActionView[]): ActionGroups {
  const tools = actions.filter((a) => TOOL_ACTIONS.includes(a.id));
  const rest = actions.filter((a) => !TOOL_ACTIONS.includes(a.id));
  const shown = rest.length === BUTTONS_SHOWN + 1 ? rest.length : BUTTONS_SHOWN;
  return { buttons: rest.slice(0, shown), more: rest.slice(shown), tools };
}

/** Props of {@link SidebarActions}: the actions and the template's classes. */
export interface SidebarActionsProps {
  actions: readonly ActionView[];
  /** The class of the buttons' paragraph, e.g. `cl-sidebar__actions`. */
  className: string;
  /** The template's class for a button of this emphasis, e.g. `cl-btn cl-btn--primary` (the menu's toggle is a secondary one). */
  buttonClass: (emphasis: ActionView["emphasis"]) => string;
}

/**
 * The VDP sidebar's actions as every template lays them out: the first two or three as the
 * template's buttons, the rest in a "More options" menu (a native disclosure: keyboard and
 * screen-reader ready, nothing hidden from the page's HTML), and Share, Fave/Save and Print as a
 * row of small links. Takes {@link SidebarActionsProps}; renders its stylesheet
 * (./sidebar-actions.css, hoisted once per page) and the groups.
 * Spec: docs/features/shopper-core.md §2 "Vehicle detail page" sidebar buttons.
 */
export function SidebarActions({ actions, className, buttonClass }: SidebarActionsProps) {
  const { buttons, more, tools } = groupActions(actions);
  return (
    <>
      <Style template="kit-sidebar-actions" css={css} />
      <p className={className}>
        {buttons.map((a) => (
          <ActionLink key={a.id} action={a} className={buttonClass(a.emphasis)} />
        ))}
      </p>
      {more.length > 0 ? (
        <details className="kit-more" data-more-actions="">
          <summary className={`${buttonClass("secondary")} kit-more__toggle`}>More options</summary>
          <ul className="kit-more__list">
            {more.map((a) => (
              <li key={a.id}>
                <ActionLink action={a} className="kit-more__item" />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {tools.length > 0 ? (
        <ul className="kit-tools" aria-label="Share and save">
          {tools.map((a) => (
            <li key={a.id}>
              <ActionLink action={a} className="kit-tools__item" />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
