import { type AllHTMLAttributes, createElement, type ReactNode, type Ref } from 'react';
import { type Atoms, atoms } from '../../theme/sprinkles.css';

/** The elements a layout primitive may be: the page's structure, never an interactive widget. */
export type BoxElement =
  | 'div'
  | 'span'
  | 'section'
  | 'article'
  | 'aside'
  | 'header'
  | 'footer'
  | 'nav'
  | 'main'
  | 'form'
  | 'fieldset'
  | 'ul'
  | 'ol'
  | 'li'
  | 'dl'
  | 'p';

export interface BoxProps
  extends Atoms,
    Omit<AllHTMLAttributes<HTMLElement>, keyof Atoms | 'as' | 'className' | 'children'> {
  /** The element to render; default `div`. */
  as?: BoxElement;
  /** The element's look (typography, borders, colours), from the caller's own `.css.ts`. */
  className?: string | undefined;
  children?: ReactNode;
  ref?: Ref<HTMLElement>;
}

/** Splits a Box's props into its atoms and everything the element itself takes. */
function splitAtoms(props: Omit<BoxProps, 'as' | 'className'>) {
  const atomProps: Record<string, unknown> = {};
  const elementProps: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (atoms.properties.has(key as keyof Atoms)) atomProps[key] = value;
    else elementProps[key] = value;
  }
  return { atomProps: atomProps as Atoms, elementProps };
}

/**
 * The one element every layout primitive renders: its props are the theme's atoms (space,
 * colour, radius, display, flex and grid basics), each a class, so an arrangement never needs a
 * style of its own. Prefer Stack, Inline and Columns, which say what the arrangement is; reach
 * for Box for a single padded or coloured region.
 */
export function Box({ as = 'div', className, ...props }: BoxProps) {
  const { atomProps, elementProps } = splitAtoms(props);
  const classes = [atoms(atomProps), className].filter(Boolean).join(' ');
  return createElement(as, { ...elementProps, className: classes || undefined });
}
