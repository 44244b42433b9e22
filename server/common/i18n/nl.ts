/**
 * Every text the server sends to people, in Dutch: error messages and mails. The French catalogue
 * (fr.ts) must have the same keys; the compiler checks it. `{name}` is replaced by a parameter.
 * Sections follow the domains so that each domain adds its texts in its own place.
 */
export const nl = {
  // common
  INTERNAL_SERVER_ERROR: 'Er is een probleem opgetreden, herlaad de pagina en probeer het opnieuw.',
  UNAUTHENTICATED: 'U bent niet (meer) ingelogd. Log opnieuw in.',
  FORBIDDEN: 'U heeft geen toegang tot dit onderdeel.',
  BAD_USER_INPUT: 'De invoer is niet geldig.',
  NOT_FOUND: 'Niet gevonden.',
  RATE_LIMITED: 'Te veel pogingen. Probeer het over {minutes} minuten opnieuw.',
  FIELD_REQUIRED: 'Dit veld is verplicht.',
  FIELD_TOO_LONG: 'Dit veld mag hoogstens {max} tekens bevatten.',
  INVALID_EMAIL: 'Dit is geen geldig e-mailadres.',
  NUL_CHARACTER: 'De invoer bevat een ongeldig teken (NUL). Verwijder het en probeer het opnieuw.',
  ILL_FORMED_TEXT: 'De invoer bevat tekens die geen geldige tekst zijn. Verwijder ze en probeer het opnieuw.',
  UPLOAD_MALFORMED: 'Het bestand is niet volledig of niet goed verstuurd. Er is niets ingeladen; probeer het opnieuw.',
  PAYLOAD_TOO_LARGE: 'Het verzoek is te groot.',
  UPLOADS_BUSY: 'Er komen nu veel bestanden tegelijk binnen. Probeer het over een paar seconden opnieuw.',
  UNSUPPORTED_MEDIA_TYPE: 'Stuur dit verzoek als JSON (Content-Type: application/json).',
  INVALID_CURSOR: 'Deze cursor is ongeldig; gebruik de endCursor van de vorige pagina.',
  INVALID_PAGE_SIZE: 'Vraag tussen 1 en {max} items per pagina op.',
  SEARCH_TOO_SHORT:
    'Zoek op minstens {min} letters of cijfers achter elkaar, een postcode, minstens 6 cijfers van een telefoonnummer of een hele referentie: een korte (zoals DS-3) wordt exact gevonden.',
  SEARCH_HOUSE_NUMBER_INVALID:
    'Dit huisnummer kunnen we niet lezen. Zoek op de postcode met een geldig huisnummer, bijvoorbeeld 3511 CD 6.',
  SEARCH_TOO_LONG: 'Zoek op hoogstens {max} tekens.',
  QUERY_TIMEOUT: 'Dit duurde te lang en is afgebroken. Probeer het over een moment opnieuw.',
  LIST_TOO_BROAD:
    'Deze lijst is te breed, verfijn uw zoekopdracht: meer letters of cijfers, een kortere periode of een extra filter.',
  LIVE_STREAMS_BUSY: 'Live bijwerken is op dit moment vol. De pagina probeert het over {seconds} seconden opnieuw.',
  LIVE_STREAMS_PER_VIEWER: 'U volgt dit al in {max} vensters tegelijk. Sluit er een om hier live te volgen.',
  LIVE_STREAMS_PER_ORDER:
    'Deze afspraak wordt nu in te veel vensters live gevolgd. De pagina probeert het over {seconds} seconden opnieuw.',
  LIST_BUSY: 'Er worden nu veel lijsten tegelijk opgevraagd. Probeer het over een paar seconden opnieuw.',
  INFORMED_NEEDS_FROM: 'Kies een begindatum om op "Tijdvak bekeken" te filteren.',

  // consumers
  NO_ORDERS_FOUND:
    'Er is op dit adres geen afspraak gevonden. Dit kan een tijdelijk technisch probleem zijn. Heeft u een herinnering per sms of e-mail ontvangen? Dan gaat het bezoek gewoon door en belt de monteur u 30 minuten voordat hij komt.',
  NO_ORDERS_FOUND_BY_PHONE:
    'Er is bij dit telefoonnummer geen afspraak gevonden. Dit kan een tijdelijk technisch probleem zijn. Heeft u een herinnering per sms of e-mail ontvangen? Dan gaat het bezoek gewoon door en belt de monteur u 30 minuten voordat hij komt.',
  HOUSE_NUMBER_ADDITION_NEEDED:
    'Vul ook de toevoeging van uw huisnummer in, bijvoorbeeld 12a of 12-2. Heeft uw huisnummer geen toevoeging, dan is er op dit adres geen afspraak gevonden.',
  INVALID_LOOKUP_HOUSE_NUMBER: 'Vul uw huisnummer in, bijvoorbeeld 12 of 12a.',

  // accounts (sign-in, password reset)
  NO_USER_FOUND: 'Deze combinatie van e-mailadres en wachtwoord is bij ons niet bekend.',
  UNKNOWN_EMAIL: 'Dit e-mailadres is bij ons niet bekend.',
  SIGN_IN_ACCOUNT_RATE_LIMITED:
    'Er is de laatste tijd te vaak met een verkeerd wachtwoord geprobeerd in te loggen op dit account. Log in op een apparaat waarop u eerder inlogde, vraag een nieuw wachtwoord aan of probeer het over {minutes} minuten opnieuw.',
  INVALID_TOKEN: 'Ongeldige token ingevoerd.',
  PASSWORD_TOO_SHORT: 'Uw nieuwe wachtwoord moet minimaal {min} karakters bevatten',
  PASSWORD_TOO_LONG: 'Uw nieuwe wachtwoord mag hoogstens {max} karakters bevatten.',
  MAIL_GREETING: 'Beste {name},',
  RESET_MAIL_SUBJECT: 'Stel een nieuw wachtwoord in',
  RESET_MAIL_INTRO:
    'Er is gevraagd om een nieuw wachtwoord voor uw account bij {brand}. Met de link hieronder stelt u het in.',
  WELCOME_MAIL_SUBJECT: 'Welkom bij {brand}: stel uw wachtwoord in',
  WELCOME_MAIL_INTRO:
    'Er is een account voor u aangemaakt bij {brand}. Met de link hieronder stelt u uw wachtwoord in.',
  RESET_MAIL_ACTION: 'Wachtwoord instellen',
  RESET_MAIL_VALIDITY:
    'De link werkt één keer en is {minutes} minuten geldig. Verlopen? Vraag via "Wachtwoord vergeten" een nieuwe aan.',
  RESET_MAIL_IGNORE: 'Heeft u hier niet om gevraagd? Dan kunt u deze e-mail negeren; uw wachtwoord blijft ongewijzigd.',

  // second factors of staff
  SECOND_FACTOR_REQUIRED:
    'Dit account logt in met een tweede stap. Gebruik het inlogscherm van Tijdvak, dat na het wachtwoord om de code vraagt.',
  SIGN_IN_CHALLENGE_INVALID: 'Deze inlogpoging is verlopen. Log opnieuw in met uw e-mailadres en wachtwoord.',
  SECOND_FACTOR_CODE_INVALID:
    'Deze code klopt niet, is verlopen of is al gebruikt. Probeer de code die nu getoond wordt.',
  SECOND_FACTOR_ACCOUNT_RATE_LIMITED:
    'Er is te vaak een verkeerde code geprobeerd voor dit account. Gebruik een apparaat waarop u eerder met uw code inlogde, of probeer het over {minutes} minuten opnieuw.',
  TOTP_ALREADY_ON: 'Tweestapsverificatie staat al aan.',
  TOTP_NOT_ON: 'Tweestapsverificatie staat niet aan.',
  SECOND_FACTOR_REQUIRED_BY_SETTING:
    'Voor uw account is tweestapsverificatie verplicht; u kunt deze niet uitzetten. Wel kunt u nieuwe herstelcodes maken.',
  STAFF_ACCOUNT_ONE_OF: 'Kies één account: een kantooraccount of een monteur.',
  OWN_SECOND_FACTOR: 'Uw eigen tweestapsverificatie beheert u onder Mijn account.',

  // technicians
  TECHNICIAN_ALREADY_EXISTS: 'Opgelet, het e-mailadres of het N-nummer bestaat al',
  TECHNICIAN_EMAIL_TAKEN: 'Opgelet, dit mailadres is al in gebruik bij een andere monteur.',
  TECHNICIAN_COUNTRY_HAS_ORDERS:
    '{technician} heeft in zijn huidige land nog opdrachten te bezoeken (aantal: {count}). Verplaats ze eerst naar een andere monteur en wijzig dan het land; er is niets gewijzigd.',
  INVALID_PERSONAL_NUMBER: 'Een N-nummer bestaat uit letters en cijfers, zonder spaties.',
  STARTING_TIME_OUT_OF_RANGE: 'Kies een begintijd tussen {minHour} en {maxHour}.',

  // admins
  ADMIN_EMAIL_TAKEN: 'Opgelet, dit e-mailadres bestaat al',
  CANNOT_DEACTIVATE_SELF: 'U kunt uw eigen account niet op inactief zetten.',
  CANNOT_CHANGE_OWN_ROLE: 'U kunt de rol van uw eigen account niet wijzigen.',
  SESSION_NOT_FOUND: 'Dit apparaat is al afgemeld.',
  CANNOT_END_OWN_SESSIONS: 'Meld uw eigen apparaten af onder Mijn apparaten.',
  // passkeys
  PASSKEY_REFUSED: 'Deze toegangssleutel werd niet aanvaard. Probeer het opnieuw.',
  PASSKEY_EXPIRED: 'Dit duurde te lang. Probeer het opnieuw.',
  PASSKEY_UNKNOWN: 'Deze toegangssleutel is hier niet bekend. Log in met uw e-mailadres en wachtwoord.',
  PASSKEY_ALREADY_ADDED: 'Deze toegangssleutel is al toegevoegd.',
  TOO_MANY_PASSKEYS: 'U heeft al {max} toegangssleutels. Verwijder er een om een nieuwe toe te voegen.',
  PASSKEY_NOT_FOUND: 'Deze toegangssleutel is al verwijderd.',
  CANNOT_DELETE_SELF: 'U kunt uw eigen account niet verwijderen.',
  LAST_ACTIVE_ADMIN: 'Dit is de laatste actieve admin; maak eerst een andere admin actief.',

  // orders
  INVALID_REFERENCE_NUMBER:
    'Een referentienummer bestaat uit letters, cijfers en . _ / - en begint met een letter of cijfer.',
  INVALID_PHONE: 'Dit is geen geldig telefoonnummer.',
  INVALID_ZIPCODE_NL: 'Een Nederlandse postcode bestaat uit vier cijfers en twee letters, bijvoorbeeld 1234 AB.',
  INVALID_ZIPCODE_BE: 'Een Belgische postcode bestaat uit vier cijfers, bijvoorbeeld 1000.',
  INVALID_HOUSE_NUMBER: 'Een huisnummer bestaat alleen uit cijfers.',
  INVALID_HOUSE_NUMBER_ADDITION: 'Een toevoeging bestaat uit letters en cijfers, zoals a, 2 of bis.',
  INVALID_CHARACTERS: 'Dit veld bevat tekens die hier niet kunnen, zoals een tab of regeleinde.',
  NAME_CHARACTERS:
    'Deze naam bevat tekens die hier niet kunnen, zoals een tab, een regeleinde of een stuurteken voor de leesrichting.',
  DATE_OUT_OF_RANGE: 'Kies een datum in de jaren {first} tot en met {last}.',
  ORDER_INVALID: 'De opdracht is niet opgeslagen: controleer de gemarkeerde velden.',
  ORDER_DATE_IN_PAST: 'De datum mag niet vóór vandaag liggen.',
  ORDER_BEGIN_HOUR: 'Het beginuur moet een heel uur zijn van {firstHour} tot en met {lastHour}.',
  ORDER_DURATION: 'Een bezoek duurt altijd {seconds} seconden (3 uur).',
  DUPLICATE_REFERENCE_NUMBER: 'Er bestaat al een opdracht met dit referentienummer.',
  ORDER_NOT_FOUND: 'Deze opdracht bestaat niet.',
  ORDER_REFERENCE_NOT_FOUND: 'Er is geen opdracht met referentienummer {reference}.',
  ORDERS_NOT_FOUND: 'Deze opdrachten bestaan niet: {ids}. Er is niets gemigreerd.',
  ORDER_DELETED: 'Deze opdracht is verwijderd en kan niet meer worden gewijzigd of verwijderd.',
  ORDERS_DELETED: 'Deze opdrachten zijn verwijderd: {ids}. Er is niets gemigreerd.',
  UNKNOWN_TECHNICIAN: 'Er is geen monteur met dit id of personeelsnummer.',
  SCHEDULE_CONFIRMED:
    '{technician} heeft de planning van {date} al bevestigd; daar kunnen geen opdrachten meer bij. Er is niets gewijzigd.',
  ORDER_NOT_OF_SOURCE: 'Deze opdrachten horen niet bij de gekozen monteur.',
  ORDERS_NOT_OF_SOURCE: 'Deze opdrachten horen niet bij de gekozen monteur: {ids}. Er is niets gemigreerd.',
  ORDERS_MIXED_SOURCES: 'De opdrachten horen bij verschillende monteurs; migreer ze per monteur.',
  MIGRATION_SAME_TECHNICIAN: 'Kies een andere monteur dan de monteur die de opdrachten nu heeft.',
  NO_ORDERS_SELECTED: 'Selecteer minstens één opdracht.',
  TOO_MANY_ORDERS: 'U kunt hoogstens {max} opdrachten tegelijk migreren.',
  TECHNICIAN_OTHER_COUNTRY: 'Deze monteur werkt in een ander land dan de opdracht. Er is niets gewijzigd.',
  TECHNICIAN_NOT_IN_NL:
    '{technician} werkt in België; een opdracht in Nederland gaat naar een monteur uit Nederland. Er is niets gewijzigd.',
  TECHNICIAN_NOT_IN_BE:
    '{technician} werkt in Nederland; een opdracht in België gaat naar een monteur uit België. Er is niets gewijzigd.',
  TECHNICIAN_HAS_ORDERS:
    '{technician} heeft nog {count} opdrachten ({references}). Verplaats ze eerst naar een andere monteur; er is niets verwijderd.',
  ORDER_NOT_RESTORABLE: 'Deze opdracht kan niet worden teruggezet.',
  ORDER_NOT_DELETED: 'Deze opdracht is niet verwijderd.',
  ORDER_RESTORE_PAST:
    'De dag van deze opdracht ({date}) is voorbij; een verwijderde opdracht van een voorbije dag blijft verwijderd.',
  ORDER_RESTORE_ANONYMISED: 'De gegevens van de klant zijn van deze opdracht gewist; maak een nieuwe opdracht aan.',
  ORDER_RESTORE_NO_TECHNICIAN:
    'Deze opdracht heeft geen monteur meer (die is verwijderd); maak een nieuwe opdracht aan.',
  ORDER_DATE_NOT_WORKING_DAY: 'Kies een werkdag.',
  ORDER_DATE_IS_HOLIDAY: '{date} is een feestdag in {country}: kies een andere dag.',
  ORDER_START_IN_PAST: 'Dit tijdvak is al begonnen; kies een later tijdvak.',
  ORDER_DATE_IS_SUNDAY: 'Op zondag worden geen bezoeken gepland: kies een andere dag.',

  // schedule
  SCHEDULE_LOCKED: 'Deze planning is al bevestigd en kan niet meer worden gewijzigd.',
  SCHEDULE_DATE_CHANGED: 'Uw planning gaat inmiddels over {date}. Herlaad de pagina en controleer de tijden opnieuw.',
  SCHEDULE_CHANGED:
    'Uw planning is intussen gewijzigd: er is een opdracht bijgekomen of vervallen. Herlaad de pagina en controleer de tijden opnieuw.',
  SCHEDULE_NOTHING_TO_CONFIRM: 'Geen opdrachten beschikbaar om te bevestigen.',
  SCHEDULE_UNKNOWN_ORDER: 'Opdracht {id} hoort niet bij uw planning van deze dag.',
  SCHEDULE_DUPLICATE_ORDER: 'De opdracht bij {name} staat meer dan eens in de planning.',
  SCHEDULE_INVALID_DURATION: 'De opdracht bij {name} moet 3 uur (10800 seconden) duren.',
  SCHEDULE_WRONG_DATE: 'De opdracht bij {name} moet op {date} blijven.',
  SCHEDULE_START_OUT_OF_HOURS: 'De opdracht bij {name} moet tussen {firstHour} en {lastHour} uur beginnen.',
  SCHEDULE_END_TOO_LATE: 'De opdracht bij {name} eindigt na {endHour} uur. Kies een eerder begin.',

  // imports
  IMPORT_SETTINGS_INVALID: 'De importvensters zijn niet geldig; er is niets opgeslagen.',
  IMPORT_SETTINGS_EMPTY: "Er is ten minste een regel '<UU:MM' en een regel '>=UU:MM' nodig.",
  IMPORT_SETTING_BETWEEN_FORMAT:
    "Schrijf de geplande tijd als '<UU:MM', 'UU:MM/UU:MM' (begin vóór einde) of '>=UU:MM'.",
  IMPORT_SETTING_TO_FORMAT: "Schrijf het tijdvak als 'UU:MM/UU:MM', met het einde na het begin.",
  IMPORT_SETTING_HOURS: 'Kies hele uren van 07:00 tot en met 20:00.',
  IMPORT_SETTING_OVERLAP:
    "De regel '{rule}' overlapt met de regel '{other}': een geplande tijd mag maar onder één regel vallen.",
  IMPORT_SETTING_GAP:
    "Geplande tijden van {from} tot {to} vallen onder geen enkele regel: de regel '{other}' sluit niet aan op de regel '{rule}'.",
  IMPORT_SETTING_GAP_START: "Geplande tijden vóór {to} vallen onder geen enkele regel: begin met een regel '<{to}'.",
  IMPORT_SETTING_GAP_END:
    "Geplande tijden vanaf {from} vallen onder geen enkele regel: eindig met een regel '>={from}'.",
  IMPORT_FILE_MISSING: 'Kies een CSV-bestand om in te laden.',
  IMPORT_FILE_TOO_LARGE: 'Het bestand is te groot: hoogstens {max} MB. Er is niets ingeladen.',
  IMPORT_NOT_TEXT: 'Dit is geen CSV-bestand: het bevat binaire gegevens. Er is niets ingeladen.',
  IMPORT_NOT_UTF8:
    "Regel {line} bevat tekens die geen UTF-8 zijn. Sla het bestand op als 'CSV UTF-8' en probeer het opnieuw. Er is niets ingeladen.",
  IMPORT_FILE_EMPTY: 'Het bestand is leeg.',
  IMPORT_NO_ROWS: 'Het bestand bevat alleen een kopregel en geen opdrachten.',
  IMPORT_ROWS_INVALID: 'Het bestand bevat fouten; er is niets ingeladen.',
  IMPORT_JOB_ID_INVALID: 'Het volgnummer van de import is geen geldige UUID.',
  IMPORT_JOB_ID_TAKEN: 'Er bestaat al een import met dit volgnummer.',
  IMPORT_IN_PROGRESS:
    'Er loopt al een import. Wacht tot die klaar is en probeer het dan opnieuw; er is niets ingeladen.',
  IMPORT_COLUMN_UNKNOWN: "Onbekende kolom '{column}'. Mogelijke kolommen: {columns}.",
  IMPORT_COLUMN_MISSING: "De kolom '{column}' ontbreekt in de kopregel.",
  IMPORT_COLUMN_DUPLICATE: "De kolom '{column}' staat twee keer in de kopregel.",
  IMPORT_ROW_COLUMN_COUNT: 'Deze regel heeft {found} kolommen; de kopregel heeft er {expected}.',
  IMPORT_CSV_QUOTES: 'Een aanhalingsteken (") is niet goed afgesloten; het lezen is hier gestopt.',
  IMPORT_CSV_RECORD_TOO_LONG: 'Deze regel is te lang om te lezen; het lezen is hier gestopt.',
  IMPORT_CSV_MALFORMED: 'Deze regel is geen geldige CSV; het lezen is hier gestopt.',
  IMPORT_INVALID_DATE: 'Schrijf de datum als dd-mm-jjjj, bijvoorbeeld 23-11-2026.',
  IMPORT_INVALID_TIME:
    'Schrijf een geplande tijd UU:MM (bijvoorbeeld 09:30) of een tijdvak UU:MM/UU:MM (bijvoorbeeld 08:00/11:00).',
  IMPORT_NO_WINDOW: 'Geen importvenster past bij de geplande tijd {time}; controleer de systeeminstellingen.',
  IMPORT_WINDOW_OUTSIDE_HOURS: 'Een tijdvak begint niet vóór {from} en eindigt niet na {to}.',
  IMPORT_UNKNOWN_TECHNICIAN: "Er is geen monteur met personeelsnummer '{value}'.",
  IMPORT_INVALID_FLAG: 'Schrijf 0 (gewone opdracht) of 1 (speciale opdracht).',
  IMPORT_INVALID_EXTERNAL: 'Laat leeg (wij komen zelf) of schrijf 0 of 1 (het externe bedrijf).',
  IMPORT_INVALID_LANGUAGE: 'Laat leeg (de postcode beslist) of schrijf nl (Nederlands) of fr (Frans).',
  IMPORT_INVALID_COUNTRY: 'Schrijf NL of BE.',
  IMPORT_WRONG_COUNTRY: 'Deze opdracht is voor {foundCountry}; dit bestand wordt ingeladen voor {expectedCountry}.',
  IMPORT_DUPLICATE_REFERENCE: 'Dit referentienummer staat ook op regel {line}.',
  IMPORT_ORDER_DELETED: 'De opdracht met dit referentienummer is verwijderd en kan niet opnieuw worden ingeladen.',
  IMPORT_ORDER_OTHER_COUNTRY: 'Dit referentienummer hoort bij een opdracht in {country}.',
  // imports: holiday rule
  IMPORT_DATE_IS_HOLIDAY: '{date} is een feestdag in {country}: plan de opdracht op een andere dag.',

  // exports
  EXPORTS_BUSY: 'Er worden op dit moment al {max} exports gedownload. Probeer het over {seconds} seconden opnieuw.',
  EXPORT_SELECTION_TOO_LARGE:
    'Deze selectie telt meer dan {max} opdrachten: verfijn de filters, of download een heel land via Gegevens downloaden.',

  // holidays
  DATE_INPUT_INVALID: 'Vul een geldige datum in (jjjj-mm-dd).',
  HOLIDAY_EXISTS: 'Op {date} staat al een feestdag voor {country}.',
  HOLIDAY_NOT_FOUND: 'Deze feestdag bestaat niet (meer).',
  // holidays: guard
  HOLIDAY_HAS_ONE_ORDER: 'Op {date} staat 1 actieve opdracht in {country}. Sla de feestdag toch op of annuleer.',
  HOLIDAY_HAS_ORDERS: 'Op {date} staan {count} actieve opdrachten in {country}. Sla de feestdag toch op of annuleer.',

  // statistics
  STATISTICS_RANGE_REVERSED: 'De einddatum ligt vóór de begindatum.',
  FIGURES_RANGE_TOO_LONG: 'Kies een periode van hoogstens {days} dagen.',

  // consumer messages: sending again
  MESSAGE_NOT_FOUND: 'Dit bericht bestaat niet (meer).',
  MESSAGES_OFF:
    'Berichten aan consumenten staan uit voor {country}. Zet ze aan bij Systeeminstellingen om opnieuw te versturen.',
  MESSAGES_OFF_EMAIL:
    'E-mail aan consumenten staat uit voor {country}. Zet het aan bij Systeeminstellingen om opnieuw te versturen.',
  MESSAGES_OFF_SMS:
    'Sms aan consumenten staat uit voor {country}. Zet het aan bij Systeeminstellingen om opnieuw te versturen.',
  MESSAGE_UNSUBSCRIBED: 'Dit adres heeft zich afgemeld voor berichten: er wordt niets meer naartoe gestuurd.',
  MESSAGE_ORDER_DELETED: 'Deze opdracht is verwijderd: de klant krijgt er geen berichten meer over.',
  MESSAGE_ALREADY_QUEUED: 'Dit bericht staat al klaar om te worden verstuurd.',
  MESSAGE_SUPERSEDED: 'Er is daarna een nieuwer bericht via dit kanaal gestuurd; verstuur dat opnieuw.',
  MESSAGE_VISIT_OVER: 'Het bezoek is voorbij: opnieuw versturen heeft geen zin meer.',
  MESSAGE_RATING_CLOSED:
    'Dit bezoek kan niet meer worden beoordeeld (niet meer afgerond, of langer dan 7 dagen geleden): het bedankje opnieuw versturen heeft geen zin meer.',
  MESSAGE_NO_ADDRESS: 'De opdracht heeft geen adres meer voor dit kanaal. Vul het in en probeer het opnieuw.',
  // message settings
  MORNING_SMS_AT_INVALID: 'Geef de tijd als uu:mm, van 00:00 tot 23:59.',
  SENDER_NAME_INVALID: "Gebruik voor de afzender alleen letters, cijfers en spaties, met . , & ' - ertussen.",
  MESSAGE_CHANNEL_REQUIRED: 'Kies minstens één kanaal (e-mail of sms), of zet de berichten uit.',

  // consumers: calendar file and reply; admin: call list
  VISIT_NOT_FOUND: 'Deze afspraak hoort niet bij uw zoekopdracht. Zoek uw afspraak opnieuw op.',
  VISIT_WINDOW_NOT_AVAILABLE:
    'Het tijdvak van dit bezoek is nog niet bekend. Het is beschikbaar vanaf {shownTime} uur op de werkdag vóór het bezoek.',
  VISIT_EXTERNAL: 'Dit bezoek wordt uitgevoerd door {company}; zij spreken het tijdstip met u af.',
  CALENDAR_SUMMARY: 'Bezoek monteur tussen {begin} en {end} uur',
  CALENDAR_DESCRIPTION:
    'De monteur komt op {date} tussen {begin} en {end} uur en belt u 30 minuten voordat hij komt. Houd uw aankoopbewijs of afleverbon klaar.\nReferentie: {reference}\nVragen? Ons klantcontactcentrum is bereikbaar van {opens} tot {closes} uur op {phone}.',
  CALENDAR_FILE_NAME: 'afspraak-{reference}.ics',
  REPLY_EMPTY: 'Kies een antwoord of vul een notitie in.',
  REPLY_CLOSED: 'Uw bezoek is al begonnen ({start}); uw antwoord kan niet meer worden gewijzigd.',
  RATING_NOT_FINISHED: 'U kunt het bezoek beoordelen zodra de monteur het heeft afgerond.',
  RATING_CLOSED:
    'Een beoordeling kan tot {days} dagen na het bezoek worden gegeven of gewijzigd; die termijn is voorbij.',
  RATING_SCORE_RANGE: 'Kies een cijfer van {min} tot en met {max}.',
  ACCESS_NOTE_CHARACTERS: 'Deze notitie bevat tekens die hier niet kunnen, zoals een tab of een stuurteken.',
  TIME_INPUT_INVALID: 'Vul een tijd in als UU:MM, bijvoorbeeld 18:00.',

  // self-move: the consumer moves the visit from the personal link; admin: its settings
  MOVE_OFF:
    'Uw afspraak kunt u hier niet zelf verzetten. Kies "Ik kan niet, bel mij" en wij bellen u om een nieuwe dag af te spreken.',
  MOVE_CLOSED: 'Uw bezoek is al begonnen of de monteur is onderweg; het kan niet meer worden verzet.',
  MOVE_OFFER_UNKNOWN: 'Dit moment bieden wij voor uw bezoek niet aan. Kies een van de getoonde momenten.',
  MOVE_OFFER_TAKEN: 'Dit moment is net door iemand anders gekozen. Kies een van de momenten die nu nog vrij zijn.',
  MOVE_UNDO_CLOSED: 'Deze verzetting kan niet meer ongedaan worden gemaakt.',
  NUMBER_OUT_OF_RANGE: 'Kies een heel getal van {min} tot en met {max}.',

  // visits: the technician's visit day
  VISIT_NOT_YOURS: 'Deze opdracht staat niet (meer) op uw planning.',
  VISIT_NOT_TODAY: 'Deze opdracht is op {date}. U kunt de status alleen op de dag van het bezoek doorgeven.',
  VISIT_RECORD_NOT_YOURS: 'Deze opdracht staat niet (meer) op uw planning.',
  VISIT_RECORD_NOT_TODAY: 'Deze opdracht is op {date}. U kunt het bezoek alleen op de dag zelf vastleggen.',
  VISIT_PHOTO_NOT_AN_IMAGE:
    'Dit bestand is geen foto die we kunnen lezen (ander soort bestand, onvolledig of beschadigd). Er is niets opgeslagen.',
  VISIT_PHOTO_TOO_LARGE: 'Deze foto is groter dan {max} MB. Er is niets opgeslagen.',
  VISIT_PHOTOS_TOO_MANY: 'Bij dit bezoek staan al {max} foto’s; meer kunnen er niet bij.',
  VISIT_SIGNATURE_TOO_LARGE: 'Deze handtekening is groter dan {max} MB. Er is niets opgeslagen.',
  VISIT_PARTS_TOO_MANY: 'Geef hoogstens {max} regels onderdelen op.',
  PART_QUANTITY_RANGE: 'Geef een aantal van 1 tot en met {max}.',
  VISIT_FILE_NOT_RECEIVED: 'Het bestand is niet volledig aangekomen. Er is niets opgeslagen; probeer het opnieuw.',
  VISIT_STAGE_BACKWARDS:
    'Deze stap is al gezet of ligt achter de huidige status. Gebruik "Ongedaan maken" om een stap terug te gaan.',
  VISIT_OTHER_ON_THE_WAY:
    'U bent al onderweg naar {name} ({time}). Meld eerst daar dat u bent aangekomen, of maak "onderweg" daar ongedaan.',
  VISIT_OTHER_ARRIVED:
    'U bent nog bij {name} (aangekomen om {time}). Meld daar eerst "Afgerond", of corrigeer "Aangekomen" daar.',
  VISIT_NOTHING_TO_UNDO: 'Er is geen stap om ongedaan te maken. U kunt één stap per keer terugzetten.',
  VISIT_ARRIVAL_REQUIRED: 'Geef aan hoe laat u verwacht aan te komen.',
  VISIT_ARRIVAL_OUT_OF_RANGE: 'De verwachte aankomst moet later dan nu zijn en hoogstens {hours} uur vooruit.',
  VISIT_ARRIVAL_NOT_ALLOWED: 'Een verwachte aankomst geeft u alleen door met "Onderweg".',
  VISIT_OUTCOME_REQUIRED: 'Kies hoe het bezoek is afgelopen.',
  VISIT_OUTCOME_NOT_ALLOWED: 'Hoe het bezoek is afgelopen geeft u alleen door met "Klaar".',
  VISIT_NOTE_NOT_ALLOWED: 'Een notitie geeft u alleen door met "Klaar".',
  VISIT_ESTIMATE_TOO_SOON:
    'U hebt de verwachte aankomst net doorgegeven. Een nieuwe kan vanaf {time}; een vergissing herstelt u met "Corrigeren".',
  VISIT_TOO_MANY_STEPS_BACK: 'Dit bezoek is te vaak achter elkaar gecorrigeerd. Corrigeren kan weer vanaf {time}.',

  // consumer messages (the visit window at 13:30, updates, cancellations)
  CONSUMER_MAIL_WINDOW_SUBJECT: 'Uw monteur komt {date} tussen {begin} en {end} uur',
  CONSUMER_MAIL_UPDATE_SUBJECT: 'Gewijzigd: uw monteur komt {date} tussen {begin} en {end} uur',
  CONSUMER_MAIL_MOVED_SUBJECT: 'Uw afspraak is verplaatst naar {date}',
  CONSUMER_MAIL_CANCELLATION_SUBJECT: 'Uw afspraak van {date} gaat niet door',
  CONSUMER_MAIL_WINDOW_INTRO: 'De monteur komt op {date} tussen {begin} en {end} uur.',
  CONSUMER_MAIL_UPDATE_INTRO: 'Uw afspraak is gewijzigd. De monteur komt nu op {date} tussen {begin} en {end} uur.',
  CONSUMER_MAIL_MOVED_INTRO:
    'Uw afspraak is verplaatst naar {date}. Vanaf {shownFrom} uur ziet u hoe laat de monteur komt; u krijgt dan weer bericht.',
  CONSUMER_MAIL_CANCELLATION_INTRO:
    'Uw afspraak van {date} gaat niet door. Wij nemen contact met u op voor een nieuwe afspraak.',
  CONSUMER_MAIL_CALL_AHEAD: 'De monteur belt u 30 minuten voordat hij komt.',
  CONSUMER_MAIL_REFERENCE: 'Uw ordernummer: {reference}',
  CONSUMER_MAIL_ACTION: 'Bekijk uw afspraak',
  CONSUMER_MAIL_REPLY_QUESTION: 'Bent u thuis?',
  CONSUMER_MAIL_REPLY_AT_HOME: 'Ja, ik ben thuis',
  CONSUMER_MAIL_REPLY_CALL_ME: 'Nee, bel mij',
  CONSUMER_MAIL_QUESTIONS: 'Vragen? Bel ons op {phone} (van {opens} tot {closes} uur).',
  CONSUMER_MAIL_UNSUBSCRIBE: 'Geen e-mail meer over uw afspraken? Afmelden',
  CONSUMER_SMS_WINDOW: '{sender}: de monteur komt {date} tussen {begin} en {end} en belt 30 min vooraf. {link}',
  CONSUMER_SMS_WINDOW_SHORT: '{sender}: monteur komt {date} {begin}-{end}, belt 30 min vooraf. {link}',
  CONSUMER_SMS_UPDATE:
    '{sender}: gewijzigd! De monteur komt {date} tussen {begin} en {end} en belt 30 min vooraf. {link}',
  CONSUMER_SMS_UPDATE_SHORT: '{sender}: gewijzigd, monteur komt {date} {begin}-{end}. {link}',
  CONSUMER_SMS_MOVED: '{sender}: uw afspraak is verplaatst naar {date}. Het tijdvak volgt {shownFrom}. {link}',
  CONSUMER_SMS_MOVED_SHORT: '{sender}: afspraak verplaatst naar {date}. {link}',
  CONSUMER_SMS_ON_THE_WAY:
    '{sender}: monteur {name} is onderweg naar u en is er rond {arrival} uur. Volg het bezoek: {link}',
  CONSUMER_SMS_ON_THE_WAY_SHORT: '{sender}: de monteur is onderweg, rond {arrival} uur bij u. {link}',
  CONSUMER_SMS_RUNNING_LATE:
    '{sender}: {name} is later dan gepland en is er rond {arrival} uur, na het tijdvak {begin}-{end}. Excuses! {link}',
  CONSUMER_SMS_RUNNING_LATE_SHORT: '{sender}: de monteur is later, nu rond {arrival} uur bij u. {link}',
  CONSUMER_MAIL_RUNNING_LATE_SUBJECT: 'De monteur is later dan gepland',
  CONSUMER_MAIL_RUNNING_LATE_INTRO:
    'De monteur loopt vandaag uit en is niet meer binnen het tijdvak van {begin} tot {end} bij u. We verwachten hem nu rond {arrival} uur. Excuses voor het wachten.',
  CONSUMER_SMS_MORNING:
    '{sender}: de monteur komt vandaag {time}. Antwoord 1 = ik ben thuis, 2 = bel mij, 3 = verzetten.',
  CONSUMER_SMS_MORNING_SHORT: '{sender}: monteur vandaag {time}. Antwoord 1 = thuis, 2 = bel mij, 3 = verzetten.',
  CONSUMER_SMS_MORNING_EXPECTED: 'naar verwachting tussen {begin} en {end}. U bent de {ordinal} afspraak',
  CONSUMER_SMS_MORNING_WINDOW: 'tussen {begin} en {end}',
  CONSUMER_SMS_CANCELLATION:
    '{sender}: uw afspraak van {date} gaat niet door. Wij bellen u voor een nieuwe. Vragen: {phone}',
  CONSUMER_SMS_CANCELLATION_SHORT: '{sender}: afspraak {date} gaat niet door. Vragen: {phone}',

  // answers by SMS
  SMS_REPLY_AT_HOME: 'Dank u, genoteerd: u bent thuis. De monteur belt u 30 min vooraf.',
  SMS_REPLY_CALL_ME_BEFORE: 'Genoteerd: ons kantoor belt u op {date} vóór {time} uur om het bezoek te verzetten.',
  SMS_REPLY_CALL_ME_FROM: 'Genoteerd: ons kantoor belt u op {date} vanaf {time} uur om het bezoek te verzetten.',
  SMS_REPLY_MOVE: 'Kies een andere dag op uw persoonlijke pagina: {link}',
  SMS_REPLY_STOP: 'U krijgt geen sms meer over uw afspraken. Stuur START om ze weer te krijgen.',
  SMS_REPLY_START: 'U krijgt weer sms over uw afspraken. Stuur STOP om ze te stoppen.',
  SMS_REPLY_HELP: 'Antwoord 1 = ik ben thuis, 2 = bel mij, 3 = verzetten, STOP = geen sms meer. Vragen? Bel {phone}.',
  SMS_REPLY_UNKNOWN: 'Wij vinden bij dit nummer geen afspraak voor vandaag of morgen. Vragen? Bel {phone}.',
  SMS_REPLY_REFUSED: 'Uw antwoord is niet verwerkt. Bel ons op {phone}.',

  // consumer messages: a deleted order restored after its cancellation was told
  CONSUMER_MAIL_RESTORED_SUBJECT: 'Uw afspraak gaat toch door: {date} tussen {begin} en {end} uur',
  CONSUMER_MAIL_RESTORED_INTRO:
    'Uw afspraak staat weer gepland. De monteur komt op {date} tussen {begin} en {end} uur. Ons vorige bericht dat de afspraak niet doorging, is hiermee vervallen.',
  CONSUMER_MAIL_RESTORED_DAY_SUBJECT: 'Uw afspraak gaat toch door: {date}',
  CONSUMER_MAIL_RESTORED_DAY_INTRO:
    'Uw afspraak staat weer gepland, op {date}. Ons vorige bericht dat de afspraak niet doorging, is hiermee vervallen. Vanaf {shownFrom} uur ziet u hoe laat de monteur komt; u krijgt dan weer bericht.',
  CONSUMER_SMS_RESTORED: '{sender}: uw afspraak gaat toch door! De monteur komt {date} tussen {begin} en {end}. {link}',
  CONSUMER_SMS_RESTORED_SHORT: '{sender}: afspraak gaat toch door, {date} {begin}-{end}. {link}',
  CONSUMER_SMS_RESTORED_DAY: '{sender}: uw afspraak gaat toch door, op {date}. Het tijdvak volgt {shownFrom}. {link}',
  CONSUMER_SMS_RESTORED_DAY_SHORT: '{sender}: afspraak gaat toch door, {date}. {link}',

  // consumer messages: the thank-you after a finished visit, with the rating link
  CONSUMER_MAIL_THANK_YOU_SUBJECT: 'Bedankt voor uw tijd: hoe was het bezoek?',
  CONSUMER_MAIL_THANK_YOU_INTRO: 'Onze monteur is op {date} bij u geweest. Bedankt dat u er was.',
  CONSUMER_MAIL_THANK_YOU_REPAIRED: 'Uw apparaat is gerepareerd.',
  CONSUMER_MAIL_THANK_YOU_FOLLOW_UP_PARTS: 'Er komt een vervolgbezoek: de onderdelen zijn besteld.',
  CONSUMER_MAIL_THANK_YOU_NOT_DONE: 'De reparatie is niet gelukt. Bel ons, dan kijken we samen hoe verder.',
  CONSUMER_MAIL_THANK_YOU_ASK:
    'Hoe was het bezoek? Geef een cijfer van 1 tot 5, met een opmerking als u wilt. Dat kan tot {until} uur.',
  CONSUMER_MAIL_THANK_YOU_ACTION: 'Beoordeel het bezoek',
  CONSUMER_SMS_THANK_YOU: '{sender}: bedankt voor uw tijd! Hoe was het bezoek? Geef een cijfer van 1 tot 5: {link}',
  CONSUMER_SMS_THANK_YOU_SHORT: '{sender}: hoe was het bezoek? {link}',
  // consumer messages: the work report of a finished visit (the technician's record)
  CONSUMER_MAIL_VISIT_REPORT_SUBJECT: 'Uw werkbon van het bezoek op {date}',
  CONSUMER_MAIL_VISIT_REPORT_INTRO: 'Onze monteur is op {date} bij u geweest. Hieronder leest u wat er is gedaan.',
  CONSUMER_MAIL_VISIT_REPORT_APPLIANCE: 'Apparaat',
  CONSUMER_MAIL_VISIT_REPORT_PARTS: 'Gebruikte onderdelen',
  CONSUMER_MAIL_VISIT_REPORT_NOTE: 'Opmerking van de monteur',
  CONSUMER_MAIL_VISIT_REPORT_SIGNED: 'Voor gezien getekend',
  CONSUMER_MAIL_VISIT_REPORT_PHOTOS: "Foto's",
  CONSUMER_MAIL_VISIT_REPORT_SIGNATURE_ALT: 'Uw handtekening',
  CONSUMER_MAIL_VISIT_REPORT_PHOTO_ALT: 'Foto {number} van het bezoek',
  CONSUMER_MAIL_VISIT_REPORT_PHOTOS_ATTACHED: "De handtekening en de foto's staan in deze e-mail als bijlage.",
  CONSUMER_MAIL_VISIT_REPORT_ACTION: 'Bekijk de werkbon',
  CONSUMER_MAIL_VISIT_REPORT_UNTIL: "Op de pagina ziet u de foto's groot, tot {until}.",
  CONSUMER_SMS_VISIT_REPORT: '{sender}: uw werkbon van het bezoek op {date} staat voor u klaar: {link}',
  CONSUMER_SMS_VISIT_REPORT_SHORT: '{sender}: uw werkbon: {link}',
  // consumer messages: a visit a partner makes (who contacts the consumer instead of our window)
  CONSUMER_PARTNER_UNNAMED: 'onze servicepartner',
  CONSUMER_MAIL_PARTNER_SUBJECT: 'Uw reparatie wordt uitgevoerd door {partner}',
  CONSUMER_MAIL_PARTNER_INTRO:
    'Uw reparatie wordt uitgevoerd door {partner}. Zij nemen contact met u op om het tijdstip van het bezoek af te spreken.',
  CONSUMER_MAIL_PARTNER_PHONE: 'U kunt {partner} ook zelf bellen: {partnerPhone}.',
  CONSUMER_SMS_PARTNER: '{sender}: {partner} voert uw reparatie uit en belt u om een tijdstip af te spreken. {link}',
  CONSUMER_SMS_PARTNER_SHORT: '{sender}: {partner} voert uw reparatie uit en belt u. {link}',
  // consumer links: the one-click unsubscribe of a mail provider
  EMAIL_UNSUBSCRIBED: 'Afgemeld: {email} krijgt geen e-mails meer over uw afspraken.',
  PERSONAL_LINK_INVALID: 'Deze link is niet geldig. Zoek uw afspraak op met uw postcode en huisnummer.',
  ONE_CLICK_BODY_REQUIRED: 'Stuur List-Unsubscribe=One-Click mee (RFC 8058) of gebruik de knop op de pagina.',
  // the call list: call statuses
  CALL_ORDER_NOT_LISTED:
    'Opdracht {reference} staat niet op de bellijst van {day}: daarop staan de opdrachten van die dag die wij zelf uitvoeren. Er is niets vastgelegd.',
  CALL_ORDER_DELETED: 'Opdracht {reference} is verwijderd: daarover wordt niet meer gebeld. Er is niets vastgelegd.',
  CALL_NOTE_WITHOUT_STATUS: 'Kies eerst hoe het gesprek ging; een notitie hoort bij een belstatus.',
  // data requests: a person's data found, downloaded and erased
  DATA_SEARCH_INVALID: 'Zoek op een e-mailadres of op een telefoonnummer van minstens 6 cijfers.',
  DATA_SUBJECT_NOT_FOUND: 'Geen opdracht noemt dit e-mailadres of telefoonnummer (meer).',
  DATA_SUBJECT_TOO_MANY:
    'Meer dan {max} opdrachten noemen dit: dat is niet één persoon. Zoek op een ander adres of nummer.',
  ERASE_PLANNED_VISITS:
    'Deze persoon heeft nog {count} geplande bezoeken. Verwijder (annuleer) die opdrachten eerst; daarna kunt u de gegevens wissen.',
  ERASE_SAME_ADMIN: 'Een tweede beheerder moet het wissen bevestigen, niet degene die het vroeg.',
  ERASE_NOT_PENDING: 'Dit verzoek wacht niet (meer) op een bevestiging.',
  DATA_EXPORT_TITLE: 'Gegevens van {search}',
  DATA_EXPORT_MADE_AT: 'Opgemaakt op {date} om {time}.',
  DATA_EXPORT_ORDERS: 'Opdrachten',
  DATA_EXPORT_NONE: 'Niets.',
  DATA_PART_consumerReplies: 'Antwoorden en notities van de klant',
  DATA_PART_visitRatings: 'Beoordelingen en opmerkingen',
  DATA_PART_visitStatuses: 'Bezoekstatus en notities van de monteur',
  DATA_PART_visitRecords: 'Bezoekverslagen van de monteur',
  DATA_PART_orderCalls: 'Belstatussen en notities',
  DATA_PART_consumerMessages: 'Verzonden berichten',
  DATA_PART_unsubscribes: 'Afmeldingen',
  DATA_PART_inboundSms: "Sms'jes van de klant",
  DATA_PART_siteVisits: 'Bezoeken aan de site',
  DATA_PART_mailOpens: 'Geopende mails',
  DATA_PART_orderHistory: 'Geschiedenis van de opdrachten',
  // api clients
  API_CLIENT_NOT_FOUND: 'Deze applicatie bestaat niet of is ingetrokken.',
  API_CLIENT_NAME_INVALID: 'Geef de applicatie een naam van 1 tot 100 tekens.',
  API_CLIENT_SCOPES_INVALID: 'Kies een of meer rechten: orders:read, orders:write, visits:read, statistics:read.',
  API_CLIENT_COUNTRIES_INVALID: 'Kies Nederland, België of beide.',
  API_CLIENT_BUDGET_INVALID: 'Het aantal verzoeken per minuut is 1 tot 10 000, de kosten per minuut 1 tot 1 000 000.',
  API_CLIENT_OVERLAP_INVALID: 'De oude sleutel blijft 0 tot 168 uur geldig.',
  API_CLIENT_COUNTRY_NOT_ALLOWED: 'Deze applicatie mag geen opdrachten voor {country} schrijven.',
  // webhooks
  WEBHOOK_NOT_FOUND: 'Deze webhook of bezorging bestaat niet.',
  WEBHOOK_APPLICATION_NOT_FOUND: 'Deze applicatie bestaat niet of is ingetrokken.',
  WEBHOOK_ENDPOINT_LIMIT: 'Een applicatie heeft ten hoogste 20 webhooks.',
  WEBHOOK_URL_INVALID: 'Geef een volledig webadres zonder gebruikersnaam, zoals https://voorbeeld.nl/webhooks.',
  WEBHOOK_URL_NOT_HTTPS: 'Een webhook-adres begint met https://.',
  WEBHOOK_ADDRESS_NOT_PUBLIC:
    'Dit adres wijst naar een privé- of intern netwerk; webhooks gaan alleen naar openbare adressen.',
  WEBHOOK_EVENTS_INVALID: 'Kies een of meer gebeurtenissen uit de lijst.',
  WEBHOOK_OVERLAP_INVALID: 'Het oude geheim blijft 0 tot 168 uur ondertekenen.',
  API_CLIENT_COUNTRY_NOT_READABLE: 'Deze applicatie mag geen gegevens van {country} lezen.',
  IDEMPOTENCY_KEY_REUSED:
    'Deze Idempotency-Key is al gebruikt voor een ander verzoek. Gebruik een nieuwe sleutel voor een nieuw verzoek.',
  IDEMPOTENCY_KEY_IN_USE: 'Het eerste verzoek met deze Idempotency-Key loopt nog. Probeer het zo opnieuw.',
  IDEMPOTENCY_KEY_INVALID: 'Een Idempotency-Key is 1 tot 255 zichtbare tekens.',
  API_BUDGET_SPENT:
    'Deze applicatie heeft haar budget van deze minuut op. Probeer het over {seconds} seconden opnieuw.',
  // mail
} as const;

export type MessageKey = keyof typeof nl;
