import { type ComponentType, createContext, useContext } from 'react';

/**
 * Feature components that widgets open in place: the dictionary manager behind a dictionary
 * picker's add button and the bill-rule dialog inside the rule picker. Widgets sit below features
 * and never import them; the app fills these slots (app/providers.tsx) with lazily loaded
 * components, and a widget without a filled slot leaves the action out.
 */
export interface FeatureSlots {
  DictionaryManager?: ComponentType<{ embedded?: boolean; initialType?: string }>;
  BillRuleDialog?: ComponentType<{
    target: { id?: string } | null;
    onClose(): void;
    onSaved?(): void;
  }>;
}

export const FeatureSlotsContext = createContext<FeatureSlots>({});

export const useFeatureSlots = () => useContext(FeatureSlotsContext);
