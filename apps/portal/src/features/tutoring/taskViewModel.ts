import type { components } from '@tutoring/api/schema';
import type { TasksModalItem } from '@tutoring/ui/components/TasksModal/TasksModal';

type ActionItem = components['schemas']['ActionItem'];

/**
 * An action item of GET /action-item as a task of the Tasks modal and What's New: the api's
 * wire names (`Action_Item_ID`, `Automatic_Completion`, …) become the ui's product words.
 */
export function toTask(item: ActionItem): TasksModalItem {
  return {
    id: item.Action_Item_ID,
    title: item.Title,
    description: item.Description,
    url: item.URL,
    completed: item.Completed,
    completesAutomatically: item.Automatic_Completion,
  };
}

/** The tutor's action items, in the server's order, as tasks. */
export function toTasks(items: readonly ActionItem[]): TasksModalItem[] {
  return items.map(toTask);
}
