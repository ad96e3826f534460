import type { Language } from '@cuadre/contracts';

/**
 * What a plan request says. The request itself (subject, message, the answer an activation writes) is
 * in the asker's language, as a support request they wrote would be; each administrator's notification
 * is in theirs. Plain text: the shell and the mail show it as text, never HTML.
 */
type Texts = {
  subject: (plan: string) => string;
  message: (plan: string, email: string) => string;
  activated: (plan: string) => string;
  notification: (name: string, plan: string) => { title: string; description: string };
};

export const PLAN_REQUEST_TEXTS: Record<Language, Texts> = {
  en: {
    subject: (plan) => `Plan request: ${plan}`,
    message: (plan, email) => `Please activate the ${plan} plan for my account (${email}).`,
    activated: (plan) => `The ${plan} plan is now active on your account.`,
    notification: (name, plan) => ({ title: 'Plan requested', description: `${name} asks for the ${plan} plan. Activate it in Users.` }),
  },
  es: {
    subject: (plan) => `Solicitud de plan: ${plan}`,
    message: (plan, email) => `Por favor, active el plan ${plan} en mi cuenta (${email}).`,
    activated: (plan) => `El plan ${plan} ya está activo en su cuenta.`,
    notification: (name, plan) => ({ title: 'Plan solicitado', description: `${name} solicita el plan ${plan}. Actívelo en Usuarios.` }),
  },
  tr: {
    subject: (plan) => `Plan talebi: ${plan}`,
    message: (plan, email) => `Lütfen hesabım (${email}) için ${plan} planını etkinleştirin.`,
    activated: (plan) => `${plan} planı artık hesabınızda etkin.`,
    notification: (name, plan) => ({ title: 'Plan talep edildi', description: `${name}, ${plan} planını istiyor. Kullanıcılar bölümünden etkinleştirin.` }),
  },
};
