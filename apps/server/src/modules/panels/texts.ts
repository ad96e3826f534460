import type { Language } from '@cuadre/contracts';

/**
 * What the panels say, in the user's language: the notifications the rules make, the starting
 * shortcuts, the support answer's message. Plain text (the shell renders it as text, never HTML).
 */
type Texts = {
  monthOpen: (month: string) => { title: string; description: string };
  receipt: (amount: string, category: string, date: string) => { title: string; description: string };
  estimatedTax: (quarter: number, due: string) => { title: string; description: string };
  signUp: (name: string, email: string) => { title: string; description: string };
  supportNew: (name: string, subject: string) => { title: string; description: string };
  supportAnswered: (subject: string) => { title: string; description: string };
  answerMessage: (subject: string) => string;
  diskFull: (since: string) => { title: string; description: string };
  shortcuts: { user: [string, string][]; admin: [string, string][] };
};

export const PANEL_TEXTS: Record<Language, Texts> = {
  en: {
    monthOpen: (month) => ({ title: `Close ${month}?`, description: `${month} has ended and is still open. Check it and close it so it cannot change.` }),
    receipt: (amount, category, date) => ({
      title: 'A receipt is missing',
      description: `${amount} in ${category} on ${date} has no receipt. Attach one to keep the deduction safe.`,
    }),
    estimatedTax: (quarter, due) => ({
      title: `Estimated tax due ${due}`,
      description: `The payment for quarter ${quarter} is due on ${due}. Your annual total has the estimate.`,
    }),
    signUp: (name, email) => ({ title: 'New sign-up', description: `${name} (${email}) created an account.` }),
    supportNew: (name, subject) => ({ title: 'New support request', description: `${name}: ${subject}` }),
    supportAnswered: (subject) => ({ title: 'Your support request was answered', description: subject }),
    answerMessage: (subject) => `Re: ${subject}`,
    diskFull: (since) => ({
      title: "The server's disk is full",
      description: `Since ${since}, writes that needed room were refused and nothing of them was saved. Free space on the server's disk; writing works again by itself.`,
    }),
    shortcuts: {
      user: [
        ["Record today's income", 'Daily income'],
        ['Add an expense', 'Operational expenses'],
        ['Log a trip', 'Monthly mileage'],
        ['This month', 'The month dashboard'],
        ['Profit and loss of the year', 'Twelve months and the total'],
        ['Inventory', 'The stock you sell'],
        ['Documents', 'The file manager and the receipts'],
        ['Contacts', 'Your customers and what they bought'],
        ['Chat with support', 'Questions answered by a person'],
        ['Tasks', 'What is left to do'],
        ['Notes', 'Notes, checklists and reminders'],
        ['Mailbox', 'Mail with the people of Cuadre'],
        ['Activities', "Your account's history"],
        ['Finance', 'Balance, budgets and statements'],
        ['Project', 'Tasks of the week, schedule, expenses and team'],
        ['Budgets', 'A monthly limit per category'],
        ['Scrumboard', 'Boards of lists and cards for your plans'],
      ],
      admin: [
        ['Users', 'Accounts, plans and status'],
        ['Categories', 'The shared chart'],
        ['Chats', 'Conversations with owners'],
        ['Mailbox', 'Mail with owners and support'],
        ['Analytics', 'How the service is used'],
      ],
    },
  },
  es: {
    monthOpen: (month) => ({ title: `¿Cerrar ${month}?`, description: `${month} terminó y sigue abierto. Revíselo y ciérrelo para que no cambie.` }),
    receipt: (amount, category, date) => ({
      title: 'Falta un comprobante',
      description: `${amount} en ${category} el ${date} no tiene comprobante. Adjunte uno para proteger la deducción.`,
    }),
    estimatedTax: (quarter, due) => ({
      title: `Impuesto estimado: vence el ${due}`,
      description: `El pago del trimestre ${quarter} vence el ${due}. Su total anual tiene la estimación.`,
    }),
    signUp: (name, email) => ({ title: 'Nuevo registro', description: `${name} (${email}) creó una cuenta.` }),
    supportNew: (name, subject) => ({ title: 'Nueva solicitud de soporte', description: `${name}: ${subject}` }),
    supportAnswered: (subject) => ({ title: 'Su solicitud de soporte tiene respuesta', description: subject }),
    answerMessage: (subject) => `Re: ${subject}`,
    diskFull: (since) => ({
      title: 'El disco del servidor está lleno',
      description: `Desde ${since}, las escrituras que necesitaban espacio se rechazaron y no se guardó nada de ellas. Libere espacio en el disco del servidor; la escritura vuelve a funcionar sola.`,
    }),
    shortcuts: {
      user: [
        ['Registrar el ingreso de hoy', 'Ingreso diario'],
        ['Añadir un gasto', 'Gastos operativos'],
        ['Registrar un viaje', 'Millaje mensual'],
        ['Este mes', 'El panel del mes'],
        ['Pérdidas y ganancias del año', 'Doce meses y el total'],
        ['Inventario', 'Las existencias que usted vende'],
        ['Documentos', 'El gestor de archivos y los comprobantes'],
        ['Contactos', 'Sus clientes y lo que compraron'],
        ['Chat con soporte', 'Sus preguntas, respondidas por una persona'],
        ['Tareas', 'Lo que le queda por hacer'],
        ['Notas', 'Notas, listas y recordatorios'],
        ['Buzón', 'Correo con las personas de Cuadre'],
        ['Actividad', 'El historial de su cuenta'],
        ['Finanzas', 'Saldo, presupuestos y estados de cuenta'],
        ['Proyecto', 'Tareas de la semana, agenda, gastos y equipo'],
        ['Presupuestos', 'Un límite mensual por cuenta'],
        ['Tableros', 'Tableros de listas y tarjetas para sus planes'],
      ],
      admin: [
        ['Usuarios', 'Cuentas, planes y estado'],
        ['Cuentas', 'El catálogo compartido'],
        ['Chats', 'Conversaciones con los dueños'],
        ['Buzón', 'Correo con propietarios y soporte'],
        ['Analítica', 'Cómo se usa el servicio'],
      ],
    },
  },
  tr: {
    monthOpen: (month) => ({ title: `${month} kapatılsın mı?`, description: `${month} bitti ve hâlâ açık. Kontrol edip kapatın ki değişmesin.` }),
    receipt: (amount, category, date) => ({
      title: 'Bir fiş eksik',
      description: `${date} tarihli ${category} kategorisindeki ${amount} tutarının fişi yok. İndirimi korumak için bir fiş ekleyin.`,
    }),
    estimatedTax: (quarter, due) => ({
      title: `Tahmini vergi: son gün ${due}`,
      description: `${quarter}. çeyrek ödemesinin son günü ${due}. Yıllık toplamınızda tahmin var.`,
    }),
    signUp: (name, email) => ({ title: 'Yeni kayıt', description: `${name} (${email}) bir hesap oluşturdu.` }),
    supportNew: (name, subject) => ({ title: 'Yeni destek talebi', description: `${name}: ${subject}` }),
    supportAnswered: (subject) => ({ title: 'Destek talebiniz yanıtlandı', description: subject }),
    answerMessage: (subject) => `Ynt: ${subject}`,
    diskFull: (since) => ({
      title: 'Sunucunun diski dolu',
      description: `${since} itibarıyla yer gerektiren yazmalar reddedildi ve hiçbiri kaydedilmedi. Sunucunun diskinde yer açın; yazma kendiliğinden yeniden çalışır.`,
    }),
    shortcuts: {
      user: [
        ['Bugünün gelirini kaydet', 'Günlük gelir'],
        ['Gider ekle', 'İşletme giderleri'],
        ['Yolculuk kaydet', 'Aylık kilometre'],
        ['Bu ay', 'Ay panosu'],
        ['Yılın kâr ve zararı', 'On iki ay ve toplam'],
        ['Envanter', 'Sattığınız stok'],
        ['Belgeler', 'Dosya yöneticisi ve fişler'],
        ['Kişiler', 'Müşterileriniz ve satın aldıkları'],
        ['Destekle sohbet', 'Sorularınızı bir kişi yanıtlar'],
        ['Görevler', 'Yapılacak işleriniz'],
        ['Notlar', 'Notlar, listeler ve hatırlatıcılar'],
        ['Posta kutusu', 'Cuadre kullanıcılarıyla posta'],
        ['Etkinlikler', 'Hesabınızın geçmişi'],
        ['Finans', 'Bakiye, bütçeler ve ekstreler'],
        ['Proje', 'Haftanın görevleri, takvim, giderler ve ekip'],
        ['Bütçeler', 'Hesap başına aylık sınır'],
        ['Panolar', 'Planlarınız için liste ve kart panoları'],
      ],
      admin: [
        ['Kullanıcılar', 'Hesaplar, planlar ve durum'],
        ['Hesaplar', 'Ortak hesap planı'],
        ['Sohbetler', 'İşletme sahipleriyle yazışmalar'],
        ['Posta kutusu', 'Sahipler ve destekle posta'],
        ['Analitik', 'Hizmetin nasıl kullanıldığı'],
      ],
    },
  },
};
