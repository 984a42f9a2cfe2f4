"""Les mots de l'interface de ``fortlang play`` en français (termes de la règle française)."""

from __future__ import annotations

UI: dict[str, str] = {
    # -- la table -----------------------------------------------------------------------------
    "seat": "joueur {n}",
    "seat_named": "{seat} ({name})",
    "you": "vous",
    # -- choisir ------------------------------------------------------------------------------
    "prompt": "choisissez 1-{n} (q pour quitter, ? pour l'aide) : ",
    "not_a_choice": "« {answer} » n'est pas un choix : tapez un nombre de 1 à {n}, ? pour "
                    "l'aide, ou q",
    "help.commands": "commandes : un nombre de 1 à {n} choisit cette option ; help ou ? : cette "
                     "aide ; q ou quit : quitter la partie (rejouez-la avec la même --seed)",
    # -- ce que les autres ont fait -----------------------------------------------------------
    "move": "  {who} — {told}",
    # -- la fin -------------------------------------------------------------------------------
    "bye": "au revoir ({why}) ; rejouez cette table avec --seed {seed}",
    "bye.quit": "abandon", "bye.end": "fin de l'entrée", "bye.interrupted": "interrompu",
    # -- la table d'un module de jeu (fortlang.agents.terminal) ------------------------------
    "module.start": "{game}, {players} joueurs, graine {seed} : vous êtes {seat}",
    "module.score": "{who} : {score} points",
    "module.winner": "gagnant : {who} après {turns} tours",
    "module.help.table": "ce que votre place voit de la table est montré avant chacun de vos "
                         "choix ; une ligne dit ce que les autres ont fait que tous voient",
    "final": "scores finaux",
    "and": " et ",
    # -- diagnostics (fortlang.errors) --------------------------------------------------------
    "diag.headline": "{meaning} : {message}",
    "diag.hint": "suggestion : {hint}",
    "diag.fix": "correction : {fix}",
    "diag.did_you_mean": "vouliez-vous dire {names} ?",
    "diag.or": " ou ",
    # -- le résumé de fortlang check ---------------------------------------------------------
    "check.summary": "vérifié : {files}, {cards} : {errors}",
    "check.warnings": ", {warnings}",
    "n.file": "fichier|fichiers|fichiers", "n.card": "carte|cartes|cartes",
    "n.error": "erreur|erreurs|erreurs",
    "n.warning": "avertissement|avertissements|avertissements",
    # `fortlang playtest`'s page (fortlang.playtest)
    "pt.you_are": "vous êtes {seat}",
    "pt.host": "hôte",
    "pt.waiting": "on attend {seat}",
    "pt.over": "la partie est finie",
    "pt.refused": "refusé par les règles ({n})",
    "pt.undo": "reprendre ma dernière réponse",
    "pt.save": "sauvegarder la partie",
    "pt.log": "ce qui s'est passé",
    "pt.table": "la table",
    "pt.links": "le lien de chaque personne (gardez-les privés)",
    "pt.no_answer": "le serveur ne répond pas",
}
