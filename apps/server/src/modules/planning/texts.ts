import type { Language } from '@cuadre/contracts';

type Texts = {
  noteReminder: (title: string) => { title: string; description: string };
  taskDue: (title: string) => { title: string; description: string };
  untitledNote: string;
  untitledTask: string;
};

/** What the reminders' notifications say, in the account's language. Plain text: the shell never renders it as HTML. */
export const PLANNING_TEXTS: Record<Language, Texts> = {
  en: {
    noteReminder: (title) => ({ title: 'Reminder', description: title }),
    taskDue: (title) => ({ title: 'A task is due', description: title }),
    untitledNote: 'A note without a title',
    untitledTask: 'A task without a title',
  },
  es: {
    noteReminder: (title) => ({ title: 'Recordatorio', description: title }),
    taskDue: (title) => ({ title: 'Vence una tarea', description: title }),
    untitledNote: 'Una nota sin título',
    untitledTask: 'Una tarea sin título',
  },
  tr: {
    noteReminder: (title) => ({ title: 'Hatırlatıcı', description: title }),
    taskDue: (title) => ({ title: 'Bir görevin zamanı geldi', description: title }),
    untitledNote: 'Başlıksız bir not',
    untitledTask: 'Başlıksız bir görev',
  },
};
