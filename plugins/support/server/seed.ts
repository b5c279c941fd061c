// Demo: the platform's FAQ in Spanish, and in Los Álamos (Supports on) two requests of its administrator, one answered by
// platform staff.
import { type DemoSeedContext, newId } from '@conjunto/core';

const DEMO_FAQ: { category: string; question: string; answer: string }[] = [
  {
    category: 'Cuenta y acceso',
    question: '¿Cómo cambio mi contraseña?',
    answer: 'Abra el menú de usuario (arriba a la derecha), elija «Cambiar contraseña» e ingrese la actual y la nueva.',
  },
  {
    category: 'Cuenta y acceso',
    question: '¿Cómo invito a otro administrador a mi conjunto?',
    answer: 'Pida a soporte que cree su usuario con el rol Administrador: recibirá un correo para definir su contraseña.',
  },
  {
    category: 'Residentes',
    question: '¿Cómo cargo a muchos residentes a la vez?',
    answer:
      'En Residentes use «Importar»: descargue la plantilla, complétela y súbala. Verá los errores de cada fila antes de confirmar.',
  },
  {
    category: 'Pagos y contabilidad',
    question: '¿Por qué un residente no puede reservar un área comunal?',
    answer: 'Los residentes con deudas no pueden reservar, salvo que tengan un convenio de pago registrado en su ficha.',
  },
  {
    category: 'Módulos',
    question: '¿Cómo activo un módulo para mi conjunto?',
    answer: 'Los módulos los activa el equipo de la plataforma. Envíe una solicitud en Soporte indicando el módulo que necesita.',
  },
];

export async function seedSupport(ctx: DemoSeedContext): Promise<void> {
  for (const [n, f] of DEMO_FAQ.entries())
    await ctx.em.execute(
      'insert into support_faq (id, category, question, answer, sort_order, published) values (?, ?, ?, ?, ?, true)',
      [newId(), f.category, f.question, f.answer, (n + 1) * 10],
    );
  const complex = ctx.complexes.find((c) => c.name.includes('Álamos'));
  if (!complex) return;
  await ctx.switchOn([complex.id], 'Supports');
  const [admin] = await ctx.directory(complex.id).staff('administrador');
  const requester = { id: admin?.id ?? null, name: admin?.name ?? 'Administración', email: admin?.email ?? null };
  const answered = newId();
  await ctx.em.execute(
    `insert into supports (id, complex_id, subject, category, detail, state, requester_id, requester_name, requester_email,
                           reply_count, last_reply_at, created_at, updated_at)
     values (?, ?, 'No llegan los correos de bienvenida', 'Problema', ?, 'En proceso', ?, ?, ?, 1, now() - interval '1 day',
             now() - interval '3 days', now() - interval '1 day'),
            (?, ?, 'Reporte de morosidad por torre', 'Sugerencia', ?, 'Abierto', ?, ?, ?, 0, null,
             now() - interval '5 hours', now() - interval '5 hours')`,
    [
      answered,
      complex.id,
      'Invitamos a tres residentes nuevos y dicen que no recibieron el correo para crear su contraseña. ¿Pueden revisarlo?',
      requester.id,
      requester.name,
      requester.email,
      newId(),
      complex.id,
      'Sería útil filtrar el reporte de cuentas por cobrar por torre o bloque para las reuniones de directiva.',
      requester.id,
      requester.name,
      requester.email,
    ],
  );
  await ctx.em.execute(
    `insert into support_replies (id, complex_id, support_id, author_id, author_name, from_staff, message, state, created_at)
     values (?, ?, ?, null, 'Soporte Conjunto', true, ?, 'En proceso', now() - interval '1 day')`,
    [
      newId(),
      complex.id,
      answered,
      'Gracias por avisarnos. Encontramos que el proveedor de correo marcó los envíos como no deseados; ya lo estamos corrigiendo. Pida a los residentes revisar su carpeta de spam.',
    ],
  );
}
