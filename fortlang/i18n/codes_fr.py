"""Le catalogue des codes de diagnostic (:mod:`fortlang.codes`) en français : par code, sa
signification, sa correction et, quand l'exemple anglais est une description et non une
entrée à taper, l'exemple traduit. Les termes sont ceux de la règle française."""

from __future__ import annotations

#: code -> (signification, correction) ou (signification, correction, exemple)
CODES: dict[str, tuple[str, ...]] = {
    # -- le langage ---------------------------------------------------------------------------
    "E100": ("erreur de syntaxe", "complétez l'action ; la référence du langage donne la forme "
             "de chaque primitive"),
    "E101": ("mot inconnu", "utilisez un mot du langage (la suggestion nomme le plus proche)"),
    "E102": ("imbrication trop profonde", "découpez l'action ; `then` et `or` s'enchaînent "
             "sans parenthèses",
             "(gain pizza or (gain toy then (gain pizza or ...)))  (plus de 32 niveaux)"),
    "E103": ("l'entrée n'est pas du texte", "enregistrez le fichier en texte UTF-8",
             "un fichier de cartes contenant un octet NUL, ou des octets qui ne sont pas de "
             "l'UTF-8"),
    # -- le sens d'une action -----------------------------------------------------------------
    "E200": ("valeur hors limites", "utilisez une quantité que la règle permet (R12, R13)"),
    "E201": ("action impossible à répéter", "`destroy this` n'a lieu qu'une fois (R12.5) : "
             "retirez le multiplicateur ou le second `destroy this`"),
    "E202": ("l'action demande trop de recherche ou trop de répétitions",
             "découpez l'action ou réduisez ses multiplicateurs"),
    "E203": ("action qu'un autre joueur ne peut pas effectuer",
             "gardez `destroy this` hors de `each rival ->`, `a rival ->` et `each player ->` : "
             "seul le propriétaire de la carte peut la remettre dans la boîte"),
    "W200": ("l'action ne peut jamais être effectuée entièrement",
             "vos Affaires contiennent au plus 4 ressources (R4) : réduisez la quantité"),
    "W201": ("multiplicateur sans effet", "retirez `x 1`"),
    # -- fichiers et jeux de cartes -----------------------------------------------------------
    "E300": ("fichier illisible", "nommez un fichier ordinaire lisible"),
    "E301": ("erreur de syntaxe YAML", "corrigez le YAML au repère (fermez le crochet, "
             "indentez avec des espaces, mettez entre guillemets une valeur contenant `: `)"),
    "E302": ("clé en double ou non scalaire", "gardez une seule des clés"),
    "E303": ("alias ou étiquette YAML refusé", "écrivez la valeur en entier ; les fichiers de "
             "cartes n'acceptent ni alias ni étiquettes `!`"),
    "E304": ("fichier trop gros", "répartissez le jeu sur plusieurs fichiers de cartes (au plus "
             "4 Mio et 250 000 valeurs chacun)", "un fichier de cartes de 5 Mo"),
    "E305": ("fichier vide", "écrivez le contenu du fichier de cartes, ou supprimez le fichier",
             "un kids.yaml vide"),
    "E306": ("jeu de cartes sans fichier de cartes", "ajoutez des fichiers YAML avec `kids:`, "
             "`made_up_rules:`, `perks:` ou `board:`",
             "un dossier qui ne contient qu'un manifest.yaml"),
    "E307": ("trop d'erreurs de schéma dans un fichier",
             "corrigez les erreurs affichées, puis vérifiez de nouveau",
             "un fichier avec plus de 100 erreurs de schéma"),
    "E310": ("mauvais type", "écrivez une valeur du type que le champ attend"),
    "E311": ("champ inconnu", "retirez le champ ou corrigez son orthographe (la suggestion "
             "nomme le plus proche)"),
    "E312": ("champ manquant", "ajoutez le champ que nomme le message"),
    "E313": ("valeur invalide", "utilisez une valeur que le champ accepte (le message dit "
             "lesquelles)"),
    "E320": ("identifiant en double", "donnez à chaque carte son propre identifiant",
             "deux cartes avec `id: a`"),
    "E321": ("nom en double", "donnez à chaque carte d'une même sorte son propre nom",
             "deux gamins nommés `Ana`"),
    "E322": ("jeu requis introuvable", "nommez un jeu installé ou fourni"),
    "E323": ("plus d'un plateau", "gardez un seul plateau",
             "deux fichiers de plateau dans un jeu"),
    "E324": ("aucun plateau", "ajoutez un fichier de plateau ou requérez un jeu qui en a un",
             "un jeu sans plateau qui ne requiert aucun autre jeu"),
    "E325": ("carte qui ne peut jamais être jouée",
             "donnez à la carte une action qu'elle peut effectuer (R5.4)",
             "un gamin aux deux cases vides"),
    "E326": ("piste du plateau incohérente", "accordez les points et le coût de chaque "
             "niveau ; gardez le dernier niveau sur la piste",
             "un plateau dont les points ne correspondent pas aux coûts"),
    "E327": ("pioche Parc trop petite pour servir la table",
             "donnez au jeu au moins 35 gamins du Parc (3 au Parc, 8 à chacun des 4 joueurs)",
             "park_size: 24 dans un jeu joué seul"),
    "E330": ("lien qui sort du dossier du jeu", "copiez le fichier dans le dossier du jeu"),
    "E331": ("pas un dossier de jeu de cartes (aucun manifeste)",
             "nommez un dossier qui contient un manifest.yaml (id, name, version) et des "
             "fichiers de cartes",
             "fortlang check notes/  (ou `sets: [notes]` dans un scénario), où notes/ n'a pas "
             "de manifest.yaml"),
    "E332": ("cycle de jeux requis", "retirez l'une des dépendances",
             "a requiert b, b requiert a"),
    "E333": ("dossier illisible", "rendez le dossier lisible et vérifiez de nouveau",
             "un dossier de jeu supprimé pendant sa lecture"),
    "E334": ("des jeux joués ensemble partagent un identifiant",
             "donnez à chaque carte d'une extension son propre identifiant, ou jouez un seul "
             "des deux jeux",
             "fortlang simulate --sets fort-base,./copy (un dossier contenant une autre copie "
             "des cartes de fort-base)"),
    "E335": ("partie enregistrée avec d'autres données de cartes",
             "rejouez avec les jeux que nomme le journal, à la version qu'il indique",
             "fortlang replay games.jsonl après la modification d'une carte du jeu"),
    "E340": ("module de vocabulaire non installé",
             "installez avec pip le module qui fournit le vocabulaire"),
    "E341": ("le module de vocabulaire ne se charge pas", "corrigez ou réinstallez le module",
             "un module dont l'import lève une erreur"),
    "E342": ("modules de vocabulaire en conflit", "utilisez un seul des modules en conflit",
             "deux modules qui déclarent tous deux `tuck`"),
    "E350": ("module de jeu non installé",
             "nommez un jeu installé (fort par défaut), ou installez avec pip le paquet qui le "
             "fournit"),
    "E351": ("le module de jeu ne se charge pas",
             "corrigez ou réinstallez le paquet du module de jeu",
             "un module de jeu dont le paquet lève une erreur à l'import"),
    "E352": ("jeux de cartes de jeux différents joués ensemble",
             "ne jouez, requérez et testez ensemble que des jeux de cartes d'un même jeu",
             "fortlang simulate --sets fort-base,./frantic-set (un jeu de cartes dont le "
             "manifeste dit `game: frantic`)"),
    "E353": ("extensions de vocabulaire dans un jeu de cartes d'un autre jeu",
             "retirez `uses` : les extensions étendent les mots de Fort pour l'instant ; un "
             "module de jeu déclare ses propres mots",
             "uses: [backyard] dans un jeu de cartes dont le manifeste dit `game: frantic`"),
    "E360": ("trop de dés pour des chances exactes",
             "réduisez les dés en bonus ou la fortune dépensée : un jet a au plus 15 dés",
             "test combat 5+ need 2 +6 dice spend 6 fortune (pour un héros de Combat 5 : "
             "17 dés en un jet)"),
    "E361": ("chances exactes hors d'atteinte", "simplifiez le test ; `--simulate N` "
             "l'échantillonne toujours",
             "un programme de hasard qui atteint plus de 50 000 états, ou boucle sans fin"),
    "E362": ("pas un test dont les chances se calculent",
             "écrivez l'action avec des tests, `or`, `then`, `x N` et des parenthèses"),
    "E363": ("héros ou carte inconnu",
             "nommez une carte du jeu de cartes (l'indice donne l'identifiant le plus proche)"),
    "E364": ("options de odds incompatibles",
             "donnez WHAT avec --hero, ou --table (éventuellement --hero, --out DIR) sans WHAT",
             "fortlang odds boat_chase --table"),
    "E390": ("mise en forme refusée", "signalez le fichier ; il n'a pas été modifié",
             "fortlang fmt sur un fichier dont la réécriture ne se relirait pas"),
    "W300": ("carte provisoire",
             "vérifiez la carte sur une carte imprimée, puis retirez l'indicateur"),
    "W340": ("jeu fourni ignoré : son module de vocabulaire n'est pas installé",
             "installez avec pip le module que nomme la suggestion, ou ignorez le jeu",
             "fortlang check  (avec cards/backyard fourni et son module non installé)"),
    "W301": ("taille du Parc différente",
             "faites concorder les nombres avec les totaux du manifeste",
             "un manifeste dont le total du Parc diffère de ses cartes"),
    "W302": ("nombre de Meilleurs Copains différent",
             "faites concorder les nombres avec les totaux du manifeste",
             "un manifeste dont les Meilleurs Copains diffèrent de ses cartes"),
    "W304": ("deux familles différentes", "rien, si la carte a vraiment deux familles"),
    "W305": ("une carte conçue pour le jeu que personne ne peut jouer en début de partie",
             "donnez à la carte une action réalisable entièrement au premier tour, ou ignorez "
             "l'avertissement si la carte est faite pour les tours suivants",
             "un gamin d'extension avec `public: each rival -> lose` et `source: original` "
             "(chaque adversaire a 0 PV au premier tour : R5.4) ; les cartes telles "
             "qu'imprimées (source rulebook, public ou provisional) ne sont pas jugées"),
    # -- le site de documentation -------------------------------------------------------------
    "E601": ("dossier de sortie non construit par fortlang",
             "choisissez un dossier vide ou nouveau pour --out"),
    "E602": ("extra docs non installé", "pip install 'fortlang[docs]'",
             "fortlang docs build  (sans mkdocs)"),
    "E603": ("échec de la construction mkdocs",
             "lisez les avertissements de mkdocs affichés sous l'erreur",
             "une page du site avec un lien cassé"),
    "E604": ("jeu de cartes inconnu",
             "nommez l'identifiant d'un jeu fourni ou un dossier de jeu"),
    "E606": ("extra ray non installé", "pip install 'fortlang[ray]', ou omettez --backend ray",
             "fortlang simulate --backend ray  (sans ray)"),
    "E607": ("extra balance non installé", "pip install 'fortlang[balance]'",
             "fortlang balance --out report  (sans matplotlib)"),
    "E608": ("extra playtest non installé", "pip install 'fortlang[playtest]'",
             "fortlang playtest  (sans starlette, uvicorn)"),
    "E609": ("la face d'une carte d'un module de jeu ne peut pas être dessinée",
             "corrigez la fonction `face` du module, ou laissez `face` vide pour la face "
             "générique",
             "fortlang docs build --sets cards/mon-jeu  (la fonction `face` du module lève "
             "une exception, ou ne rend pas de Face)"),
    # -- les fichiers de scénarios ------------------------------------------------------------
    "E701": ("carte inconnue", "nommez une carte des jeux du scénario"),
    "E702": ("coup invalide", "donnez à chaque coup une seule chose à faire ; placez `follow` "
             "et `decline` juste après un `play`"),
    "E703": ("jeu de cartes inconnu", "nommez l'identifiant d'un jeu fourni ou un dossier"),
    "E704": ("avantage ou règle improvisée inconnu",
             "nommez un avantage ou une règle improvisée des jeux du scénario"),
    "E705": ("lieu de recrutement inconnu", "park, park deck, ou yard of player N"),
    "E706": ("table donnée que la règle ne peut atteindre (au-delà d'une capacité : Affaires, "
             "Sac à dos, Observatoire, réserve ; un Meilleur Copain dans un Jardin)",
             "donnez au plus ce que la règle laisse un joueur détenir (R1.4, R10.2) et ce que "
             "la réserve contient ; gardez les Meilleurs Copains hors des Jardins (R1.2)"),
    "E707": ("joueur absent de la table",
             "nommez un joueur assis (le joueur 1 est le premier de `players`)",
             "- recruit: Bug\n  from: yard of player 9  (deux joueurs à la table)"),
    "E708": ("un fichier de cartes à la place d'un fichier de scénarios",
             "nommez un fichier dont la clé de premier niveau est `scenarios`"),
    "E709": ("une table donnée à la fois distribuée depuis une graine et écrite",
             "laissez `setup` distribuer la table (R2) et listez les joueurs vides, ou écrivez "
             "toute la table sans `setup`"),
    "E710": ("un scénario d'un jeu dont le module ne déclare pas de règles de scénario",
             "les fichiers de scénarios servent les jeux dont le module déclare des règles de "
             "scénario (GameModule.scenarios, docs/games.md) ; vérifiez les cartes du jeu avec "
             "`fortlang check`",
             "sets: [un-jeu]  (un jeu de cartes dont le manifeste dit `game: x`, un module sans "
             "`scenarios`)"),
    "E711": ("un scénario que les règles du jeu ne permettent pas de mettre en place",
             "donnez une table et des coups que les règles du jeu permettent (sa page de "
             "scénarios dit lesquels)",
             "when: {danger: boat_chase, fight: true}  (Fortune and Glory : Boat Chase n'a pas "
             "d'ennemi à combattre)"),
    # -- ce que les commandes lisent et écrivent ----------------------------------------------
    "E800": ("le chemin de sortie est un dossier", "nommez un fichier, pas un dossier"),
    "E801": ("impossible d'écrire la sortie", "choisissez un emplacement accessible en écriture "
             "(droits, espace libre, dossier parent existant)"),
    "E802": ("fichier modifié depuis sa lecture", "relancez la commande",
             "modifier un fichier de cartes pendant que `fortlang fmt` le réécrit"),
    "E803": ("entrée trop grosse", "donnez au plus 4 Mio d'entrée"),
    "E804": ("entrée trop profondément imbriquée",
             "un fichier de cartes n'a que quelques niveaux : kids, une carte, ses champs",
             "un fichier YAML imbriqué sur plus de 32 niveaux, ou une ligne de partie de "
             "100 000 `[`"),
    "E805": ("entrée standard fermée",
             "lancez la commande avec son entrée ouverte (un terminal ou un tube)"),
    "E807": ("ligne de commande erronée",
             "voyez `fortlang COMMANDE --help` pour les options et arguments qu'elle accepte"),
    "E806": ("face de carte trop complexe à imprimer", "raccourcissez l'action",
             "une action trop longue pour une face de carte"),
    "E808": ("jeu non joué",
             "nommez un jeu de la série de parties par son id : un jeu donné à --sets, ou "
             "un jeu qu'ils requièrent"),
    # -- parties et rejeux --------------------------------------------------------------------
    "E810": ("la partie enregistrée se joue autrement",
             "rejouez le journal avec les jeux et le fortlang avec lesquels il a été écrit ; "
             "le message nomme la réponse et ce qui diffère",
             "fortlang replay games.jsonl après la modification d'une réponse d'une ligne "
             "d'un module de jeu"),
    "E900": ("coup interdit par la règle",
             "choisissez une des options légales que liste le message (il nomme la règle)",
             "une réponse scriptée qui n'est pas une option légale"),
    "E901": ("pas une ligne de partie enregistrée",
             "donnez un journal JSONL écrit par `fortlang simulate --log`"),
    "E903": ("la partie a échoué dans le moteur",
             "signalez-le avec la partie enregistrée ; `fortlang replay FICHIER` reproduit "
             "l'erreur", "un bogue du moteur rencontré par `fortlang simulate`"),
    "E902": ("bot inconnu", "nommez un bot que liste `fortlang simulate --help`"),
    "E905": ("nombre de joueurs hors de la plage du jeu",
             "donnez un nombre de joueurs que le jeu permet",
             "fortlang simulate --players 5 (Fort se joue de 2 à 4)"),
    "E906": ("option pas encore disponible pour ce jeu", "retirez l'option",
             "fortlang simulate --draft sur un jeu de cartes d'un module de jeu autre que Fort"),
    "E904": ("budget de bot invalide",
             "donnez des parties simulées par décision (`mcts:400`) ou des secondes "
             "(`mcts:0.2s`) ; seul `mcts` en accepte un"),
}
