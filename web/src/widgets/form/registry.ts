import { type ComponentType, lazy } from 'react';
import type { ContainerProps, FieldProps, FormField } from './types';

/*
 * jnpfKey → component. A leaf field is rendered inside an antd Form.Item (named by __vModel__
 * when it has one) and gets FieldProps; a container gets ContainerProps and renders its children
 * through renderFields. Heavy components are registered with lazyField so they load when first
 * shown. A new widget adds one line here.
 */

export type FieldComponent = ComponentType<FieldProps>;
export type ContainerComponent = ComponentType<ContainerProps>;

/** Registers a component written for a narrower value or field type. */
export function asField<V, F extends FormField>(component: ComponentType<FieldProps<V, F>>): FieldComponent {
  return component as unknown as FieldComponent;
}

/** A field component loaded on first render: lazyField(() => import('./fields/x'), 'XField'). */
export function lazyField<M, K extends keyof M>(load: () => Promise<M>, name: K): FieldComponent {
  return lazy(async () => ({ default: (await load())[name] as unknown as FieldComponent }));
}

export const FIELDS: Record<string, FieldComponent> = {};

export const CONTAINERS: Record<string, ContainerComponent> = {};

export function fieldComponent(jnpfKey: string): FieldComponent | undefined {
  return Object.hasOwn(FIELDS, jnpfKey) ? FIELDS[jnpfKey] : undefined;
}

export function containerComponent(jnpfKey: string): ContainerComponent | undefined {
  return Object.hasOwn(CONTAINERS, jnpfKey) ? CONTAINERS[jnpfKey] : undefined;
}
