export const LOCALES = ['en', 'ru', 'de'] as const
export type Locale = (typeof LOCALES)[number]

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value)
}

const en = {
  not_found: 'Nothing was found at this address.',
  cors_forbidden: 'This website is not allowed to call the API.',
  request_header_too_large: 'The request address or headers are too long.',
  bad_request: 'The request could not be understood.',
  method_not_allowed: 'This method is not allowed here.',
  unknown_locale: 'Unknown language in the address. Use /en, /ru or /de.',
  invalid_input: 'Some fields are filled in incorrectly. Please check them and try again.',
  malformed_json: 'The request could not be read. Please try again.',
  body_too_large: 'The request is too large.',
  unsupported_media: 'The request must be sent as JSON.',
  unauthorized: 'Please sign in to continue.',
  refresh_invalid: 'Your session has expired. Please sign in again.',
  refresh_reused: 'For your safety this session has been ended: its refresh token was used twice. Please sign in again.',
  server_error: 'Something went wrong on our side. Please try again in a few minutes.',
  code_sent: 'We have sent a sign-in code and link to {email}. Check your inbox.',
  too_many_requests: 'Please wait {seconds} s before requesting another code.',
  code_wrong: 'The code is incorrect. Attempts left: {left}.',
  code_expired: 'This code has expired or has already been used. Please request a new one.',
  link_invalid: 'This sign-in link is not valid. Please request a new one.',
  wrong_password: 'Wrong e-mail or launcher password.',
  password_attempts: 'Too many wrong launcher passwords. Please try again in {minutes} min or sign in with a code sent by e-mail.',
  code_attempts_account: 'Too many wrong codes for this account. Please try again in {minutes} min.',
  code_attempts_client: 'Too many wrong codes from your network. Please try again in {minutes} min.',
  signed_out: 'You have signed out.',
  signed_out_all: 'You have signed out on every device.',
  conflict: 'This was changed by another request at the same moment. Please try again.',
  email_confirmed: 'Your e-mail is confirmed and your launcher password is set.',
  password_mismatch: 'The passwords do not match.',
  password_changed: 'Your launcher password has been saved. Use it to sign in to the launcher.',
  email_change_sent: 'We have sent a confirmation code and link to {email}. Open the link or enter the code from the e-mail to finish the change.',
  email_taken: 'This e-mail address is already in use.',
  email_same: 'This is already your e-mail address.',
  email_changed: 'Your e-mail address is now {email}.',
  confirm_code_invalid: 'This confirmation code is not valid or has expired.',
  referrer_unknown: 'This referral link is not valid.',
  subscription_cancelled: 'Auto-renewal is off. Your subscription stays active until {date}.',
  subscription_none: 'You have no active subscription.',
  plan_unavailable: 'This plan is not available.',
  trial_used: 'The trial has already been used on this account.',
  offer_used: 'The special offer has already been used on this account: it is for one month, once.',
  currency_mismatch: 'Your subscription is paid in another currency: reload the page to see its prices.',
  device_reset: 'Your device has been unlinked. You can now sign in to the launcher on another computer.',
  device_not_bound: 'No device is linked to your account.',
  device_reset_limit: 'The device can be reset once every 24 hours. Please try again after {date}.',
  steam_cancelled: 'Sign-in through Steam was cancelled.',
  steam_malformed: 'The answer from Steam is incomplete or malformed. Please sign in with Steam again.',
  steam_invalid: 'The answer from Steam could not be verified: it was changed or not signed by Steam. Please sign in with Steam again.',
  steam_replayed: 'This Steam sign-in has already been used. Please sign in with Steam again.',
  steam_expired: 'This Steam sign-in has expired. Please sign in with Steam again.',
  steam_wrong_provider: 'This sign-in answer did not come from Steam.',
  steam_wrong_site: 'This Steam sign-in was meant for another website.',
  email_required: 'Please add an e-mail address in your account first: we send payment receipts there.',
  openid_title: 'Sign in through Steam (sandbox)',
  openid_intro:
    'This page stands in for Steam during development. Choose a Steam account to sign in to {site}. No password and no real Steam account are needed.',
  openid_accounts: 'Steam account',
  openid_new_persona: 'A new persona',
  openid_persona_name: 'Persona name',
  openid_persona_hint: 'It gets a new Steam ID.',
  openid_sign_in: 'Sign in',
  openid_cancel: 'Cancel',
  openid_error_title: 'Sign-in through Steam cannot start (sandbox)',
  openid_error_intro: 'The website sent an incomplete or wrong sign-in request:',
  openid_param_missing: '{name} is missing.',
  openid_param_wrong: '{name} must be {expected}.',
  openid_return_to_invalid: 'openid.return_to must be an absolute http(s) address without a fragment.',
  openid_return_to_foreign: 'The return address {origin} is not one of this site’s addresses (SITE_ORIGINS).',
  openid_realm_mismatch: 'openid.realm {realm} does not cover openid.return_to {return_to}.',
  openid_persona_missing: 'Enter a name of 1 to 32 characters for the new persona.',
  openid_account_unknown: 'Choose one of the Steam accounts.',
  notification_unsigned: 'The notification signature is missing or wrong.',
  payment_refused: 'This payment cannot be accepted.',
  payment_not_found: 'Payment not found.',
  sandbox_charge_origin: 'Payments are taken only from the payment form of the provider.',
  sandbox_charge_no_token: 'This payment form was opened without the payment’s token, so it cannot take the payment. Please start the payment again.',
  sandbox_charge_token: 'This payment form is not valid for this payment or has already been used. Please close it and start the payment again.',
  sandbox_charge_mismatch: 'The amount or currency is not the payment’s, or the payment is no longer open. Please start the payment again.',
  payment_mismatch: 'The payment details do not match the order.',
  payment_declined: 'The payment was declined.',
  payment_accepted: 'Payment received.',
  payment_description: 'Premium subscription: {name} ({days} days)',
  card_check_description: 'Card check for renewals, released at once',
  no_subscription: 'There is no subscription whose card could be replaced.',
  subscription_resumed: 'Auto-renewal is on again. Next charge: {amount} on {date}.',
  days_one: '{count} day',
  days_few: '{count} days',
  days_many: '{count} days',
  mail_signature: 'Best regards,\nThe {brand} team\n{support}',
  mail_signature_unnamed: 'Best regards,\n{support}',
  mail_receipt_subject: 'Receipt for your payment No. {payment_id}',
  mail_receipt_text:
    'Hello!\n\n{intro}\n\nProduct: {product}\nPlan: {plan}\n{amount_label}: {amount}\nDate: {date}\nTransaction: {transaction}\nPayment No.: {payment_id}\n\n{renewal}\n\n{receipt_link}If you have any questions about this payment, write to us at {support}.',
  mail_receipt_intro_charged: 'Thank you for your payment. Here is your receipt.',
  mail_receipt_intro_held: 'Your trial has started. To check your card, we have held the amount below on it. Here is your receipt.',
  mail_receipt_product: 'Premium subscription',
  mail_receipt_product_brand: '{brand} Premium subscription',
  plan_special_offer: '{plan}, special offer',
  mail_receipt_charged: 'Amount charged',
  mail_receipt_held: 'Amount held to check the card',
  mail_receipt_next_charge: 'Next charge: {amount} on {date}, for {plan}. You can turn auto-renewal off in your account at any time.',
  mail_receipt_renewal_off: 'Auto-renewal is off: your subscription ends on {date}, and nothing more will be charged.',
  mail_receipt_link: 'Your receipt, to print or keep, is in your account: {link}',
  mail_login_subject: 'Your sign-in code: {code}',
  mail_login_text:
    'Hello!\n\nYour {brand} sign-in code is {code}. It is valid for 15 minutes.\n\nOr sign in with one click:\n{link}\n\nThe site never asks for a password: you sign in with a code or a link like this one, or with Steam. A password, if you set one in your account, is only for signing in to the desktop launcher.\n\nIf you did not request this e-mail, just ignore it.',
  mail_email_changed_subject: 'Your e-mail address has been changed',
  mail_email_changed_text:
    'Hello!\n\nOn {date} the e-mail address of your {brand} account was changed from {old} to {new}. Sign-in codes and receipts now go to the new address.\n\nIf you did not make this change, write to us at {support} right away.',
  mail_email_subject: 'Confirm your new e-mail address',
  mail_email_text:
    'Hello!\n\nTo use this address for your {brand} account, open the link:\n{link}\n\nor enter the code {code}. It is valid for 15 minutes.\n\nIf you did not ask to change your e-mail, ignore this message.',
  mail_renewal_off_subject: 'Auto-renewal of your subscription is off',
  mail_renewal_off_text:
    'Hello!\n\nAuto-renewal of your {brand} Premium subscription is now off. Your subscription stays active until {date}, and nothing more will be charged.\n\nChanged your mind? You can turn auto-renewal on again in your account until then: {link}',
  mail_renewal_on_subject: 'Auto-renewal of your subscription is on again',
  mail_renewal_on_text:
    'Hello!\n\nAuto-renewal of your {brand} Premium subscription is on again. Next charge: {amount} on {date}, for {plan}.\n\nYou can turn auto-renewal off in your account at any time: {link}',
  mail_device_reset_subject: 'Your device has been unlinked',
  mail_device_reset_text:
    'Hello!\n\nOn {date} the device your {brand} launcher was bound to was unlinked from your account. You can now sign in to the launcher on another computer. The next reset is possible after {next}.\n\nIf it was not you, write to us at {support} right away.',
}

type Messages = Record<keyof typeof en, string>

const ru: Messages = {
  not_found: 'По этому адресу ничего нет.',
  cors_forbidden: 'Этому сайту нельзя обращаться к API.',
  request_header_too_large: 'Слишком длинный адрес или заголовки запроса.',
  bad_request: 'Не удалось разобрать запрос.',
  method_not_allowed: 'Этот метод здесь не разрешён.',
  unknown_locale: 'Неизвестный язык в адресе. Используйте /en, /ru или /de.',
  invalid_input: 'Некоторые поля заполнены неверно. Проверьте их и попробуйте ещё раз.',
  malformed_json: 'Не удалось прочитать запрос. Попробуйте ещё раз.',
  body_too_large: 'Слишком большой запрос.',
  unsupported_media: 'Запрос нужно отправлять в формате JSON.',
  unauthorized: 'Войдите в аккаунт, чтобы продолжить.',
  refresh_invalid: 'Сеанс истёк. Войдите снова.',
  refresh_reused: 'В целях безопасности сеанс завершён: его токен обновления был использован повторно. Войдите снова.',
  server_error: 'На нашей стороне что-то пошло не так. Попробуйте через несколько минут.',
  code_sent: 'Мы отправили код и ссылку для входа на {email}. Проверьте почту.',
  too_many_requests: 'Подождите {seconds} с, прежде чем запрашивать новый код.',
  code_wrong: 'Неверный код. Осталось попыток: {left}.',
  code_expired: 'Срок действия кода истёк или он уже использован. Запросите новый.',
  link_invalid: 'Ссылка для входа недействительна. Запросите новую.',
  wrong_password: 'Неверный e-mail или пароль от лаунчера.',
  password_attempts: 'Слишком много неверных паролей от лаунчера. Попробуйте через {minutes} мин или войдите по коду из письма.',
  code_attempts_account: 'Слишком много неверных кодов для этого аккаунта. Попробуйте через {minutes} мин.',
  code_attempts_client: 'Слишком много неверных кодов из вашей сети. Попробуйте через {minutes} мин.',
  signed_out: 'Вы вышли из аккаунта.',
  signed_out_all: 'Вы вышли из аккаунта на всех устройствах.',
  conflict: 'Эти данные одновременно изменил другой запрос. Попробуйте ещё раз.',
  email_confirmed: 'E-mail подтверждён, пароль для лаунчера установлен.',
  password_mismatch: 'Пароли не совпадают.',
  password_changed: 'Пароль для лаунчера сохранён. Используйте его для входа в лаунчер.',
  email_change_sent: 'Мы отправили код и ссылку для подтверждения на {email}. Перейдите по ссылке или введите код из письма, чтобы завершить смену адреса.',
  email_taken: 'Этот e-mail уже используется.',
  email_same: 'Это и так ваш текущий e-mail.',
  email_changed: 'Ваш e-mail изменён на {email}.',
  confirm_code_invalid: 'Код подтверждения недействителен или истёк.',
  referrer_unknown: 'Реферальная ссылка недействительна.',
  subscription_cancelled: 'Автопродление отключено. Подписка действует до {date}.',
  subscription_none: 'У вас нет активной подписки.',
  plan_unavailable: 'Этот тариф недоступен.',
  trial_used: 'Пробный период на этом аккаунте уже использован.',
  offer_used: 'Специальное предложение на этом аккаунте уже использовано: оно действует один раз, на один месяц.',
  currency_mismatch: 'Ваша подписка оплачивается в другой валюте: обновите страницу, чтобы увидеть её цены.',
  device_reset: 'Устройство отвязано. Теперь можно войти в лаунчер на другом компьютере.',
  device_not_bound: 'К аккаунту не привязано ни одно устройство.',
  device_reset_limit: 'Сбросить устройство можно раз в 24 часа. Попробуйте после {date}.',
  steam_cancelled: 'Вход через Steam отменён.',
  steam_malformed: 'Ответ Steam неполный или повреждён. Войдите через Steam ещё раз.',
  steam_invalid: 'Не удалось проверить ответ Steam: он изменён или не подписан Steam. Войдите через Steam ещё раз.',
  steam_replayed: 'Этот вход через Steam уже использован. Войдите через Steam ещё раз.',
  steam_expired: 'Срок действия входа через Steam истёк. Войдите через Steam ещё раз.',
  steam_wrong_provider: 'Этот ответ на вход пришёл не от Steam.',
  steam_wrong_site: 'Этот вход через Steam предназначен для другого сайта.',
  email_required: 'Сначала добавьте адрес e-mail в личном кабинете: на него мы отправляем чеки об оплате.',
  openid_title: 'Вход через Steam (песочница)',
  openid_intro: 'Эта страница заменяет Steam при разработке. Выберите аккаунт Steam, чтобы войти на {site}. Пароль и настоящий аккаунт Steam не нужны.',
  openid_accounts: 'Аккаунт Steam',
  openid_new_persona: 'Новый профиль',
  openid_persona_name: 'Имя профиля',
  openid_persona_hint: 'Для него будет создан новый Steam ID.',
  openid_sign_in: 'Войти',
  openid_cancel: 'Отмена',
  openid_error_title: 'Вход через Steam не может начаться (песочница)',
  openid_error_intro: 'Сайт отправил неполный или неверный запрос на вход:',
  openid_param_missing: 'Нет параметра {name}.',
  openid_param_wrong: 'Параметр {name} должен быть {expected}.',
  openid_return_to_invalid: 'openid.return_to должен быть полным адресом http(s) без фрагмента.',
  openid_return_to_foreign: 'Адрес возврата {origin} не относится к адресам этого сайта (SITE_ORIGINS).',
  openid_realm_mismatch: 'openid.realm {realm} не охватывает openid.return_to {return_to}.',
  openid_persona_missing: 'Введите имя нового профиля длиной от 1 до 32 символов.',
  openid_account_unknown: 'Выберите один из аккаунтов Steam.',
  notification_unsigned: 'Подпись уведомления отсутствует или неверна.',
  payment_refused: 'Этот платёж не может быть принят.',
  payment_not_found: 'Платёж не найден.',
  sandbox_charge_origin: 'Платежи принимаются только через платёжную форму провайдера.',
  sandbox_charge_no_token: 'Эта платёжная форма открыта без ключа платежа и не может его провести. Начните оплату заново.',
  sandbox_charge_token: 'Эта платёжная форма не подходит к этому платежу или уже использована. Закройте её и начните оплату заново.',
  sandbox_charge_mismatch: 'Сумма или валюта не совпадают с платежом, или платёж уже закрыт. Начните оплату заново.',
  payment_mismatch: 'Данные платежа не совпадают с заказом.',
  payment_declined: 'Платёж отклонён.',
  payment_accepted: 'Платёж получен.',
  payment_description: 'Премиум-подписка: {name} ({days} дн.)',
  card_check_description: 'Проверка карты для продлений, сумма сразу возвращается',
  no_subscription: 'Нет подписки, для которой можно заменить карту.',
  subscription_resumed: 'Автопродление снова включено. Следующее списание: {amount} — {date}.',
  days_one: '{count} день',
  days_few: '{count} дня',
  days_many: '{count} дней',
  mail_signature: 'С уважением,\nкоманда {brand}\n{support}',
  mail_signature_unnamed: 'С уважением,\n{support}',
  mail_receipt_subject: 'Чек по платежу № {payment_id}',
  mail_receipt_text:
    'Здравствуйте!\n\n{intro}\n\nТовар: {product}\nТариф: {plan}\n{amount_label}: {amount}\nДата: {date}\nТранзакция: {transaction}\nПлатёж №: {payment_id}\n\n{renewal}\n\n{receipt_link}Если у вас есть вопросы по этому платежу, напишите нам: {support}.',
  mail_receipt_intro_charged: 'Спасибо за оплату. Ниже — данные вашего платежа.',
  mail_receipt_intro_held: 'Пробный период начался. Для проверки вашей карты мы заблокировали на ней сумму, указанную ниже.',
  mail_receipt_product: 'Премиум-подписка',
  mail_receipt_product_brand: 'Премиум-подписка {brand}',
  plan_special_offer: '{plan}, специальное предложение',
  mail_receipt_charged: 'Списано',
  mail_receipt_held: 'Заблокировано для проверки карты',
  mail_receipt_next_charge: 'Следующее списание: {amount} — {date}, за {plan}. Отключить автопродление можно в любой момент в личном кабинете.',
  mail_receipt_renewal_off: 'Автопродление отключено: подписка закончится {date}, больше ничего списано не будет.',
  mail_receipt_link: 'Чек для печати или сохранения — в личном кабинете: {link}',
  mail_login_subject: 'Ваш код для входа: {code}',
  mail_login_text:
    'Здравствуйте!\n\nВаш код для входа в {brand}: {code}. Он действует 15 минут.\n\nИли войдите в один клик:\n{link}\n\nНа сайте пароль не нужен: вы входите по такому коду или ссылке либо через Steam. Пароль, если вы задали его в личном кабинете, нужен только для входа в лаунчер на компьютере.\n\nЕсли вы не запрашивали это письмо, просто проигнорируйте его.',
  mail_email_changed_subject: 'Адрес e-mail вашего аккаунта изменён',
  mail_email_changed_text:
    'Здравствуйте!\n\n{date} адрес e-mail вашего аккаунта {brand} был изменён с {old} на {new}. Коды для входа и чеки теперь приходят на новый адрес.\n\nЕсли вы этого не делали, сразу напишите нам: {support}.',
  mail_email_subject: 'Подтвердите новый адрес e-mail',
  mail_email_text:
    'Здравствуйте!\n\nЧтобы привязать этот адрес к аккаунту {brand}, перейдите по ссылке:\n{link}\n\nили введите код {code}. Он действует 15 минут.\n\nЕсли вы не меняли e-mail, проигнорируйте это письмо.',
  mail_renewal_off_subject: 'Автопродление подписки отключено',
  mail_renewal_off_text:
    'Здравствуйте!\n\nАвтопродление Премиум-подписки {brand} отключено. Подписка действует до {date}, больше ничего списано не будет.\n\nПередумали? Снова включить автопродление можно в личном кабинете до этой даты: {link}',
  mail_renewal_on_subject: 'Автопродление подписки снова включено',
  mail_renewal_on_text:
    'Здравствуйте!\n\nАвтопродление Премиум-подписки {brand} снова включено. Следующее списание: {amount} — {date}, за {plan}.\n\nОтключить автопродление можно в любой момент в личном кабинете: {link}',
  mail_device_reset_subject: 'Устройство отвязано от аккаунта',
  mail_device_reset_text:
    'Здравствуйте!\n\n{date} устройство, к которому был привязан лаунчер {brand}, отвязано от вашего аккаунта. Теперь можно войти в лаунчер на другом компьютере. Следующий сброс возможен после {next}.\n\nЕсли это были не вы, сразу напишите нам: {support}.',
}

const de: Messages = {
  not_found: 'Unter dieser Adresse wurde nichts gefunden.',
  cors_forbidden: 'Diese Website darf die API nicht aufrufen.',
  request_header_too_large: 'Die Adresse oder die Header der Anfrage sind zu lang.',
  bad_request: 'Die Anfrage konnte nicht verstanden werden.',
  method_not_allowed: 'Diese Methode ist hier nicht erlaubt.',
  unknown_locale: 'Unbekannte Sprache in der Adresse. Verwenden Sie /en, /ru oder /de.',
  invalid_input: 'Einige Felder sind nicht korrekt ausgefüllt. Bitte prüfen Sie sie und versuchen Sie es erneut.',
  malformed_json: 'Die Anfrage konnte nicht gelesen werden. Bitte versuchen Sie es erneut.',
  body_too_large: 'Die Anfrage ist zu groß.',
  unsupported_media: 'Die Anfrage muss als JSON gesendet werden.',
  unauthorized: 'Bitte melden Sie sich an, um fortzufahren.',
  refresh_invalid: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  refresh_reused: 'Zu Ihrer Sicherheit wurde diese Sitzung beendet, weil ihr Aktualisierungstoken zweimal verwendet wurde. Bitte melden Sie sich erneut an.',
  server_error: 'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es in ein paar Minuten erneut.',
  code_sent: 'Wir haben einen Anmeldecode und einen Link an {email} gesendet. Sehen Sie in Ihrem Postfach nach.',
  too_many_requests: 'Bitte warten Sie {seconds} s, bevor Sie einen neuen Code anfordern.',
  code_wrong: 'Der Code ist falsch. Verbleibende Versuche: {left}.',
  code_expired: 'Dieser Code ist abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.',
  link_invalid: 'Dieser Anmeldelink ist ungültig. Bitte fordern Sie einen neuen an.',
  wrong_password: 'Falsche E-Mail-Adresse oder falsches Launcher-Passwort.',
  password_attempts: 'Zu viele falsche Launcher-Passwörter. Bitte versuchen Sie es in {minutes} Min. erneut oder melden Sie sich mit einem Code per E-Mail an.',
  code_attempts_account: 'Zu viele falsche Codes für dieses Konto. Bitte versuchen Sie es in {minutes} Min. erneut.',
  code_attempts_client: 'Zu viele falsche Codes aus Ihrem Netzwerk. Bitte versuchen Sie es in {minutes} Min. erneut.',
  signed_out: 'Sie haben sich abgemeldet.',
  signed_out_all: 'Sie haben sich auf allen Geräten abgemeldet.',
  conflict: 'Dies wurde gleichzeitig durch eine andere Anfrage geändert. Bitte versuchen Sie es erneut.',
  email_confirmed: 'Ihre E-Mail-Adresse ist bestätigt und Ihr Launcher-Passwort ist gesetzt.',
  password_mismatch: 'Die Passwörter stimmen nicht überein.',
  password_changed: 'Ihr Launcher-Passwort wurde gespeichert. Damit melden Sie sich im Launcher an.',
  email_change_sent:
    'Wir haben einen Bestätigungscode und einen Link an {email} gesendet. Öffnen Sie den Link oder geben Sie den Code aus der E-Mail ein, um die Änderung abzuschließen.',
  email_taken: 'Diese E-Mail-Adresse wird bereits verwendet.',
  email_same: 'Das ist bereits Ihre E-Mail-Adresse.',
  email_changed: 'Ihre E-Mail-Adresse lautet jetzt {email}.',
  confirm_code_invalid: 'Dieser Bestätigungscode ist ungültig oder abgelaufen.',
  referrer_unknown: 'Dieser Empfehlungslink ist ungültig.',
  subscription_cancelled: 'Die automatische Verlängerung ist deaktiviert. Ihr Abo bleibt bis {date} aktiv.',
  subscription_none: 'Sie haben kein aktives Abo.',
  plan_unavailable: 'Dieser Tarif ist nicht verfügbar.',
  trial_used: 'Der Testzeitraum wurde für dieses Konto bereits genutzt.',
  offer_used: 'Das Sonderangebot wurde für dieses Konto bereits genutzt: Es gilt einmal, für einen Monat.',
  currency_mismatch: 'Ihr Abonnement wird in einer anderen Währung bezahlt: Laden Sie die Seite neu, um seine Preise zu sehen.',
  device_reset: 'Ihr Gerät wurde entkoppelt. Sie können sich jetzt auf einem anderen Computer im Launcher anmelden.',
  device_not_bound: 'Mit Ihrem Konto ist kein Gerät verknüpft.',
  device_reset_limit: 'Das Gerät kann einmal alle 24 Stunden zurückgesetzt werden. Bitte versuchen Sie es nach {date} erneut.',
  steam_cancelled: 'Die Anmeldung über Steam wurde abgebrochen.',
  steam_malformed: 'Die Antwort von Steam ist unvollständig oder fehlerhaft. Bitte melden Sie sich erneut über Steam an.',
  steam_invalid:
    'Die Antwort von Steam konnte nicht überprüft werden, weil sie verändert oder nicht von Steam signiert wurde. Bitte melden Sie sich erneut über Steam an.',
  steam_replayed: 'Diese Steam-Anmeldung wurde bereits verwendet. Bitte melden Sie sich erneut über Steam an.',
  steam_expired: 'Diese Steam-Anmeldung ist abgelaufen. Bitte melden Sie sich erneut über Steam an.',
  steam_wrong_provider: 'Diese Anmeldeantwort stammt nicht von Steam.',
  steam_wrong_site: 'Diese Steam-Anmeldung war für eine andere Website bestimmt.',
  email_required: 'Bitte fügen Sie zuerst in Ihrem Konto eine E-Mail-Adresse hinzu: Dorthin senden wir die Zahlungsbelege.',
  openid_title: 'Anmeldung über Steam (Sandbox)',
  openid_intro:
    'Diese Seite ersetzt Steam während der Entwicklung. Wählen Sie ein Steam-Konto, um sich bei {site} anzumelden. Sie brauchen weder ein Passwort noch ein echtes Steam-Konto.',
  openid_accounts: 'Steam-Konto',
  openid_new_persona: 'Eine neue Persona',
  openid_persona_name: 'Name der Persona',
  openid_persona_hint: 'Sie erhält eine neue Steam-ID.',
  openid_sign_in: 'Anmelden',
  openid_cancel: 'Abbrechen',
  openid_error_title: 'Die Anmeldung über Steam kann nicht beginnen (Sandbox)',
  openid_error_intro: 'Die Website hat eine unvollständige oder falsche Anmeldeanfrage gesendet:',
  openid_param_missing: '{name} fehlt.',
  openid_param_wrong: '{name} muss {expected} sein.',
  openid_return_to_invalid: 'openid.return_to muss eine vollständige http(s)-Adresse ohne Fragment sein.',
  openid_return_to_foreign: 'Die Rücksprungadresse {origin} gehört nicht zu den Adressen dieser Website (SITE_ORIGINS).',
  openid_realm_mismatch: 'openid.realm {realm} deckt openid.return_to {return_to} nicht ab.',
  openid_persona_missing: 'Geben Sie für die neue Persona einen Namen mit 1 bis 32 Zeichen ein.',
  openid_account_unknown: 'Wählen Sie eines der Steam-Konten.',
  notification_unsigned: 'Die Signatur der Benachrichtigung fehlt oder ist falsch.',
  payment_refused: 'Diese Zahlung kann nicht angenommen werden.',
  payment_not_found: 'Zahlung nicht gefunden.',
  sandbox_charge_origin: 'Zahlungen werden nur über das Zahlungsformular des Anbieters angenommen.',
  sandbox_charge_no_token:
    'Dieses Zahlungsformular wurde ohne den Schlüssel der Zahlung geöffnet und kann sie nicht ausführen. Bitte starten Sie die Zahlung erneut.',
  sandbox_charge_token:
    'Dieses Zahlungsformular gilt nicht für diese Zahlung oder wurde bereits verwendet. Bitte schließen Sie es und starten Sie die Zahlung erneut.',
  sandbox_charge_mismatch: 'Betrag oder Währung gehören nicht zu dieser Zahlung, oder die Zahlung ist nicht mehr offen. Bitte starten Sie die Zahlung erneut.',
  payment_mismatch: 'Die Zahlungsdaten stimmen nicht mit der Bestellung überein.',
  payment_declined: 'Die Zahlung wurde abgelehnt.',
  payment_accepted: 'Zahlung erhalten.',
  payment_description: 'Premium-Abo: {name} ({days} Tage)',
  card_check_description: 'Kartenprüfung für Verlängerungen, der Betrag wird sofort freigegeben',
  no_subscription: 'Es gibt kein Abo, dessen Karte ersetzt werden könnte.',
  subscription_resumed: 'Die automatische Verlängerung ist wieder aktiv. Nächste Abbuchung: {amount} am {date}.',
  days_one: '{count} Tag',
  days_few: '{count} Tage',
  days_many: '{count} Tage',
  mail_signature: 'Viele Grüße\nIhr Team von {brand}\n{support}',
  mail_signature_unnamed: 'Viele Grüße\n{support}',
  mail_receipt_subject: 'Beleg für Ihre Zahlung Nr. {payment_id}',
  mail_receipt_text:
    'Guten Tag,\n\n{intro}\n\nProdukt: {product}\nTarif: {plan}\n{amount_label}: {amount}\nDatum: {date}\nTransaktion: {transaction}\nZahlung Nr.: {payment_id}\n\n{renewal}\n\n{receipt_link}Wenn Sie Fragen zu dieser Zahlung haben, schreiben Sie uns an {support}.',
  mail_receipt_intro_charged: 'vielen Dank für Ihre Zahlung. Hier ist Ihr Beleg.',
  mail_receipt_intro_held: 'Ihr Testzeitraum hat begonnen. Zur Prüfung Ihrer Karte haben wir den unten genannten Betrag darauf reserviert. Hier ist Ihr Beleg.',
  mail_receipt_product: 'Premium-Abo',
  mail_receipt_product_brand: '{brand} Premium-Abonnement',
  plan_special_offer: '{plan}, Sonderangebot',
  mail_receipt_charged: 'Abgebuchter Betrag',
  mail_receipt_held: 'Zur Kartenprüfung reservierter Betrag',
  mail_receipt_next_charge: 'Nächste Abbuchung: {amount} am {date} für {plan}. Sie können die automatische Verlängerung jederzeit in Ihrem Konto deaktivieren.',
  mail_receipt_renewal_off: 'Die automatische Verlängerung ist deaktiviert: Ihr Abo endet am {date}, danach wird nichts mehr abgebucht.',
  mail_receipt_link: 'Den Beleg zum Drucken oder Aufbewahren finden Sie in Ihrem Konto: {link}',
  mail_login_subject: 'Ihr Anmeldecode: {code}',
  mail_login_text:
    'Guten Tag,\n\nIhr Anmeldecode für {brand} lautet {code}. Er ist 15 Minuten gültig.\n\nOder melden Sie sich mit einem Klick an:\n{link}\n\nAuf der Website brauchen Sie kein Passwort: Sie melden sich mit einem Code oder Link wie diesem oder über Steam an. Ein Passwort, falls Sie eines in Ihrem Konto festgelegt haben, gilt nur für die Anmeldung im Desktop-Launcher.\n\nWenn Sie diese E-Mail nicht angefordert haben, können Sie sie einfach ignorieren.',
  mail_email_changed_subject: 'Ihre E-Mail-Adresse wurde geändert',
  mail_email_changed_text:
    'Guten Tag,\n\nam {date} wurde die E-Mail-Adresse Ihres Kontos bei {brand} von {old} in {new} geändert. Anmeldecodes und Belege gehen ab jetzt an die neue Adresse.\n\nWenn Sie diese Änderung nicht vorgenommen haben, schreiben Sie uns bitte umgehend an {support}.',
  mail_email_subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
  mail_email_text:
    'Guten Tag,\n\num diese Adresse für Ihr Konto bei {brand} zu verwenden, öffnen Sie den Link:\n{link}\n\noder geben Sie den Code {code} ein. Er ist 15 Minuten gültig.\n\nWenn Sie keine Änderung angefordert haben, ignorieren Sie diese Nachricht.',
  mail_renewal_off_subject: 'Die automatische Verlängerung Ihres Abos ist deaktiviert',
  mail_renewal_off_text:
    'Guten Tag,\n\ndie automatische Verlängerung Ihres {brand} Premium-Abonnements ist deaktiviert. Ihr Abo bleibt bis {date} aktiv, und es wird nichts mehr abgebucht.\n\nSie haben es sich anders überlegt? Bis dahin können Sie die automatische Verlängerung in Ihrem Konto wieder aktivieren: {link}',
  mail_renewal_on_subject: 'Die automatische Verlängerung Ihres Abos ist wieder aktiv',
  mail_renewal_on_text:
    'Guten Tag,\n\ndie automatische Verlängerung Ihres {brand} Premium-Abonnements ist wieder aktiv. Nächste Abbuchung: {amount} am {date} für {plan}.\n\nSie können die automatische Verlängerung jederzeit in Ihrem Konto deaktivieren: {link}',
  mail_device_reset_subject: 'Ihr Gerät wurde entkoppelt',
  mail_device_reset_text:
    'Guten Tag,\n\nam {date} wurde das Gerät, an das der Launcher von {brand} gebunden war, von Ihrem Konto entkoppelt. Sie können sich jetzt auf einem anderen Computer im Launcher anmelden. Das nächste Zurücksetzen ist nach {next} möglich.\n\nWenn Sie das nicht waren, schreiben Sie uns bitte umgehend an {support}.',
}

export type MessageKey = keyof typeof en
export const messages: Record<Locale, Messages> = { en, ru, de }

export function t(locale: Locale, key: MessageKey, vars: Record<string, string | number> = {}): string {
  return messages[locale][key].replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m))
}

/** The first of en, ru, de an Accept-Language header prefers (by q), else English. */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean)
      return { lang: (tag ?? '').trim().slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q), index }
    })
    .filter((e) => e.q > 0 && isLocale(e.lang))
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return (ranked[0]?.lang as Locale | undefined) ?? 'en'
}

const dateLocales: Record<Locale, string> = { en: 'en-GB', ru: 'ru-RU', de: 'de-DE' }

/** A date as users read it in messages (UTC, as the account page shows it). */
export function formatDate(locale: Locale, date: Date): string {
  return `${new Intl.DateTimeFormat(dateLocales[locale], {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date)} UTC`
}

/**
 * R9.6: the plural form of a count. Russian goes by the last digit (1 "one", 2 to 4 "few", any other
 * "many"; 11 to 19 always "many"); English and German have "one" for 1 and "many" for the rest.
 */
export function pluralForm(locale: Locale, count: number): 'one' | 'few' | 'many' {
  const n = Math.abs(count)
  if (locale !== 'ru') return n === 1 ? 'one' : 'many'
  if (n % 100 >= 11 && n % 100 <= 19) return 'many'
  if (n % 10 === 1) return 'one'
  return n % 10 >= 2 && n % 10 <= 4 ? 'few' : 'many'
}

/** A number of days as the site labels plans: "30 days", "30 дней", "30 Tage". */
export function daysLabel(locale: Locale, days: number): string {
  return t(locale, `days_${pluralForm(locale, days)}`, { count: days })
}
