<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr" sourcelanguage="en">
<context>
    <name>AddonList</name>
    <message>
        <source>Progress of %1</source>
        <translation>Progression de %1</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Install</source>
        <translation>Installer</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Supprimer %1</translation>
    </message>
    <message>
        <source>Install %1</source>
        <translation>Installer %1</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Installing and removing is off: appcenter-qt was started with --backend none.</source>
        <translation>L’installation et la suppression sont désactivées : appcenter-qt a été lancé avec --backend none.</translation>
    </message>
    <message>
        <source>Installing and removing is unavailable: no package manager could start.</source>
        <translation>L’installation et la suppression sont indisponibles : aucun gestionnaire de paquets n’a pu démarrer.</translation>
    </message>
</context>
<context>
    <name>AppCard</name>
    <message numerus="yes">
        <source>%1 · %Ln rating(s)</source>
        <extracomment>the average of the votes on a 1 to 5 scale, and how many votes there are</extracomment>
        <translation>
            <numerusform>%1 · %Ln évaluation</numerusform>
            <numerusform>%1 · %Ln évaluations</numerusform>
        </translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Installée</translation>
    </message>
    <message>
        <source>Update available</source>
        <extracomment>on a card: installed, and the update check found a newer version</extracomment>
        <translation>Mise à jour disponible</translation>
    </message>
</context>
<context>
    <name>AppPage</name>
    <message>
        <source>All ages</source>
        <extracomment>the content rating: the youngest age the application suits</extracomment>
        <translation>Tous âges</translation>
    </message>
    <message>
        <source>Ages %1+</source>
        <translation>À partir de %1 ans</translation>
    </message>
    <message>
        <source>Free software</source>
        <translation>Logiciel libre</translation>
    </message>
    <message>
        <source>Proprietary</source>
        <translation>Propriétaire</translation>
    </message>
    <message>
        <source>Unknown license</source>
        <translation>Licence inconnue</translation>
    </message>
    <message>
        <source>This application is not in the catalog.</source>
        <translation>Cette application n’est pas dans le catalogue.</translation>
    </message>
    <message>
        <source>Version %1</source>
        <extracomment>the application&apos;s version on its page, e.g. &quot;Version 43.1&quot;</extracomment>
        <translation>Version %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %Ln rating(s)</source>
        <extracomment>the average of the votes on a 1 to 5 scale, and how many votes there are</extracomment>
        <translation>
            <numerusform>%1 · %Ln évaluation</numerusform>
            <numerusform>%1 · %Ln évaluations</numerusform>
        </translation>
    </message>
    <message>
        <source>No ratings yet</source>
        <translation>Pas encore de notes</translation>
    </message>
    <message>
        <source>Install</source>
        <translation>Installer</translation>
    </message>
    <message>
        <source>Install %1</source>
        <translation>Installer %1</translation>
    </message>
    <message>
        <source>Launch</source>
        <translation>Lancer</translation>
    </message>
    <message>
        <source>Launch %1</source>
        <translation>Lancer %1</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Supprimer %1</translation>
    </message>
    <message>
        <source>About %1</source>
        <extracomment>the heading over the application&apos;s description</extracomment>
        <translation>À propos de %1</translation>
    </message>
    <message>
        <source>Add-ons</source>
        <translation>Modules complémentaires</translation>
    </message>
    <message>
        <source>What&apos;s new</source>
        <translation>Nouveautés</translation>
    </message>
    <message>
        <source>Ratings</source>
        <translation>Notes</translation>
    </message>
    <message>
        <source>Nobody has rated this application yet.</source>
        <translation>Personne n’a encore noté cette application.</translation>
    </message>
    <message>
        <source>%1 stars: %L2</source>
        <translation>%1 étoiles : %L2</translation>
    </message>
    <message>
        <source>%1 ★</source>
        <translation>%1 ★</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Détails</translation>
    </message>
    <message>
        <source>Package</source>
        <translation>Paquet</translation>
    </message>
    <message>
        <source>Available</source>
        <translation>Disponible</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Download size</source>
        <translation>Taille du téléchargement</translation>
    </message>
    <message>
        <source>Installed size</source>
        <translation>Taille installée</translation>
    </message>
    <message>
        <source>License</source>
        <translation>Licence</translation>
    </message>
    <message>
        <source>Read the license</source>
        <translation>Lire la licence</translation>
    </message>
    <message>
        <source>Age rating</source>
        <translation>Classification par âge</translation>
    </message>
    <message>
        <source>Categories</source>
        <translation>Catégories</translation>
    </message>
    <message>
        <source>Website</source>
        <translation>Site web</translation>
    </message>
    <message>
        <source>Report a problem</source>
        <translation>Signaler un problème</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>Aide</translation>
    </message>
    <message>
        <source>Questions and answers</source>
        <translation>Questions et réponses</translation>
    </message>
    <message>
        <source>Donate</source>
        <translation>Faire un don</translation>
    </message>
    <message>
        <source>Translate</source>
        <translation>Traduire</translation>
    </message>
    <message>
        <source>Contact</source>
        <translation>Contact</translation>
    </message>
    <message>
        <source>Source code</source>
        <translation>Code source</translation>
    </message>
    <message>
        <source>Contribute</source>
        <translation>Contribuer</translation>
    </message>
    <message>
        <source>Cartoon violence</source>
        <translation>Violence de dessin animé</translation>
    </message>
    <message>
        <source>Fantasy violence</source>
        <translation>Violence fantastique</translation>
    </message>
    <message>
        <source>Realistic violence</source>
        <translation>Violence réaliste</translation>
    </message>
    <message>
        <source>Bloodshed</source>
        <translation>Effusion de sang</translation>
    </message>
    <message>
        <source>Sexual violence</source>
        <translation>Violence sexuelle</translation>
    </message>
    <message>
        <source>Desecration of human remains</source>
        <translation>Profanation de restes humains</translation>
    </message>
    <message>
        <source>Depictions of slavery</source>
        <translation>Représentation de l’esclavage</translation>
    </message>
    <message>
        <source>Destruction of places of worship</source>
        <translation>Destruction de lieux de culte</translation>
    </message>
    <message>
        <source>References to alcohol</source>
        <translation>Références à l’alcool</translation>
    </message>
    <message>
        <source>References to illicit drugs</source>
        <translation>Références aux drogues illicites</translation>
    </message>
    <message>
        <source>References to tobacco</source>
        <translation>Références au tabac</translation>
    </message>
    <message>
        <source>Nudity</source>
        <translation>Nudité</translation>
    </message>
    <message>
        <source>Sexual themes</source>
        <translation>Thèmes sexuels</translation>
    </message>
    <message>
        <source>Homosexual themes</source>
        <translation>Thèmes homosexuels</translation>
    </message>
    <message>
        <source>Prostitution</source>
        <translation>Prostitution</translation>
    </message>
    <message>
        <source>Adultery</source>
        <translation>Adultère</translation>
    </message>
    <message>
        <source>Sexualized characters</source>
        <translation>Personnages sexualisés</translation>
    </message>
    <message>
        <source>Profanity</source>
        <translation>Grossièretés</translation>
    </message>
    <message>
        <source>Crude humor</source>
        <translation>Humour grossier</translation>
    </message>
    <message>
        <source>Discriminatory language</source>
        <translation>Langage discriminatoire</translation>
    </message>
    <message>
        <source>Advertising</source>
        <translation>Publicité</translation>
    </message>
    <message>
        <source>Gambling</source>
        <translation>Jeux d’argent</translation>
    </message>
    <message>
        <source>In-app purchases</source>
        <translation>Achats intégrés</translation>
    </message>
    <message>
        <source>Chat with other people</source>
        <translation>Discussion avec d’autres personnes</translation>
    </message>
    <message>
        <source>Voice or video chat with other people</source>
        <translation>Discussion audio ou vidéo avec d’autres personnes</translation>
    </message>
    <message>
        <source>Sharing social media or contacts</source>
        <translation>Partage de réseaux sociaux ou de contacts</translation>
    </message>
    <message>
        <source>Sharing personal information</source>
        <translation>Partage d’informations personnelles</translation>
    </message>
    <message>
        <source>Sharing your location</source>
        <translation>Partage de votre position</translation>
    </message>
    <message>
        <source>%1 (mild)</source>
        <translation>%1 (léger)</translation>
    </message>
    <message>
        <source>%1 (moderate)</source>
        <translation>%1 (modéré)</translation>
    </message>
    <message>
        <source>%1 (intense)</source>
        <translation>%1 (intense)</translation>
    </message>
    <message>
        <source>Development release</source>
        <translation>Version de développement</translation>
    </message>
    <message>
        <source>Snapshot</source>
        <translation>Instantané</translation>
    </message>
</context>
<context>
    <name>AppShelf</name>
    <message>
        <source>%1: %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <source>%1: previous applications</source>
        <translation>%1 : applications précédentes</translation>
    </message>
    <message>
        <source>%1: more applications</source>
        <translation>%1 : plus d’applications</translation>
    </message>
</context>
<context>
    <name>AutomaticUpdates</name>
    <message>
        <source>Automatic updates failed on %1: %2</source>
        <extracomment>%1 is a date, %2 the reason (the package source&apos;s own words)</extracomment>
        <translation>Les mises à jour automatiques ont échoué le %1 : %2</translation>
    </message>
    <message>
        <source>%n application(s) were updated automatically on %1.</source>
        <extracomment>%1 is a date</extracomment>
        <translation>%n application(s) mise(s) à jour automatiquement le %1.</translation>
    </message>
    <message>
        <source>%n application component(s) were updated automatically on %1.</source>
        <extracomment>runtimes and other shared parts of applications; %1 is a date</extracomment>
        <translation>%n composant(s) d&apos;application mis à jour automatiquement le %1.</translation>
    </message>
</context>
<context>
    <name>BrowsePage</name>
    <message>
        <source>Search results</source>
        <translation>Résultats de la recherche</translation>
    </message>
    <message numerus="yes">
        <source>%Ln application(s)</source>
        <translation>
            <numerusform>%Ln application</numerusform>
            <numerusform>%Ln applications</numerusform>
        </translation>
    </message>
    <message>
        <source>Sort order</source>
        <translation>Ordre de tri</translation>
    </message>
    <message>
        <source>Best match</source>
        <translation>Meilleure correspondance</translation>
    </message>
    <message>
        <source>By name</source>
        <translation>Par nom</translation>
    </message>
    <message>
        <source>By rating</source>
        <translation>Par note</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Toutes</translation>
    </message>
    <message>
        <source>All in this category</source>
        <translation>Toutes dans cette catégorie</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1, %2 applications</source>
        <translation>%1, %2 applications</translation>
    </message>
    <message>
        <source>Applications</source>
        <translation>Applications</translation>
    </message>
    <message>
        <source>Loading applications</source>
        <translation>Chargement des applications</translation>
    </message>
    <message>
        <source>No applications match “%1”</source>
        <translation>Aucune application ne correspond à « %1 »</translation>
    </message>
    <message>
        <source>No applications in this category</source>
        <translation>Aucune application dans cette catégorie</translation>
    </message>
    <message>
        <source>Try a different word, or fewer words.</source>
        <translation>Essayez un autre mot, ou moins de mots.</translation>
    </message>
</context>
<context>
    <name>CatalogProgress</name>
    <message>
        <source>Preparing the catalog…</source>
        <translation>Préparation du catalogue…</translation>
    </message>
    <message>
        <source>Reading the applications this system offers. This is only needed once, and again after the software sources change.</source>
        <translation>Lecture des applications proposées par ce système. Ce n’est nécessaire qu’une fois, puis à nouveau quand les sources de logiciels changent.</translation>
    </message>
</context>
<context>
    <name>Categories</name>
    <message>
        <source>All applications</source>
        <translation>Toutes les applications</translation>
    </message>
    <message>
        <source>Multimedia</source>
        <translation>Multimédia</translation>
    </message>
    <message>
        <source>Development</source>
        <translation>Développement</translation>
    </message>
    <message>
        <source>Education</source>
        <translation>Éducation</translation>
    </message>
    <message>
        <source>Games</source>
        <translation>Jeux</translation>
    </message>
    <message>
        <source>Graphics</source>
        <translation>Graphisme</translation>
    </message>
    <message>
        <source>Internet</source>
        <translation>Internet</translation>
    </message>
    <message>
        <source>Office</source>
        <translation>Bureautique</translation>
    </message>
    <message>
        <source>Science</source>
        <translation>Sciences</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Système</translation>
    </message>
    <message>
        <source>Utilities</source>
        <translation>Utilitaires</translation>
    </message>
</context>
<context>
    <name>CategoryList</name>
    <message>
        <source>Categories</source>
        <translation>Catégories</translation>
    </message>
    <message>
        <source>%1, %2 applications</source>
        <translation>%1, %2 applications</translation>
    </message>
</context>
<context>
    <name>ErrorBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Dismiss error</source>
        <translation>Fermer le message d’erreur</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The package manager service is not running or not installed.</source>
        <translation>Le service de gestion des paquets n’est pas lancé ou pas installé.</translation>
    </message>
    <message>
        <source>The package manager service stopped unexpectedly.</source>
        <translation>Le service de gestion des paquets s’est arrêté de façon inattendue.</translation>
    </message>
    <message>
        <source>You are not allowed to install or remove software.</source>
        <translation>Vous n’êtes pas autorisé à installer ou supprimer des logiciels.</translation>
    </message>
    <message>
        <source>Another program is installing or updating software. Try again later.</source>
        <translation>Un autre programme installe ou met à jour des logiciels. Réessayez plus tard.</translation>
    </message>
    <message>
        <source>The package could not be downloaded. Check the network.</source>
        <translation>Le paquet n’a pas pu être téléchargé. Vérifiez la connexion réseau.</translation>
    </message>
    <message>
        <source>The package was not found in the configured sources.</source>
        <translation>Le paquet est introuvable dans les sources configurées.</translation>
    </message>
    <message>
        <source>The operation was cancelled.</source>
        <translation>L’opération a été annulée.</translation>
    </message>
    <message>
        <source>The package manager did not answer in time.</source>
        <translation>Le gestionnaire de paquets n’a pas répondu à temps.</translation>
    </message>
    <message>
        <source>The catalog names a package that is not valid.</source>
        <translation>Le catalogue mentionne un paquet non valide.</translation>
    </message>
    <message>
        <source>The operation failed.</source>
        <translation>L’opération a échoué.</translation>
    </message>
</context>
<context>
    <name>FeaturedBanner</name>
    <message>
        <source>Featured applications</source>
        <translation>Applications à la une</translation>
    </message>
    <message>
        <source>Previous featured application</source>
        <translation>Application à la une précédente</translation>
    </message>
    <message>
        <source>Next featured application</source>
        <translation>Application à la une suivante</translation>
    </message>
</context>
<context>
    <name>Home</name>
    <message>
        <source>Popular in %1</source>
        <extracomment>The banner shows this many featured applications; the rest of a configured list is the &quot;Editor&apos;s picks&quot; row (a catalog without ratings has no other rows but Recently updated). A &quot;Popular in&quot; row with fewer rated applications than this is left out.</extracomment>
        <translation>Populaires dans %1</translation>
    </message>
    <message>
        <source>Recently updated is not shown: this catalog records no release dates.</source>
        <translation>« Mises à jour récentes » n’est pas affiché : ce catalogue n’indique aucune date de version.</translation>
    </message>
</context>
<context>
    <name>HomePage</name>
    <message>
        <source>Home</source>
        <translation>Accueil</translation>
    </message>
    <message>
        <source>Featured</source>
        <translation>À la une</translation>
    </message>
    <message>
        <source>Top rated</source>
        <translation>Les mieux notées</translation>
    </message>
    <message>
        <source>All applications</source>
        <translation>Toutes les applications</translation>
    </message>
    <message>
        <source>Show all applications</source>
        <translation>Afficher toutes les applications</translation>
    </message>
    <message>
        <source>Editor&apos;s picks</source>
        <translation>Choix de la rédaction</translation>
    </message>
    <message>
        <source>See all</source>
        <translation>Tout afficher</translation>
    </message>
    <message>
        <source>Recently updated</source>
        <translation>Mises à jour récentes</translation>
    </message>
    <message>
        <source>Categories</source>
        <translation>Catégories</translation>
    </message>
    <message>
        <source>%1, %2 applications</source>
        <translation>%1, %2 applications</translation>
    </message>
    <message>
        <source>Loading applications</source>
        <translation>Chargement des applications</translation>
    </message>
</context>
<context>
    <name>Installed</name>
    <message>
        <source>Installed or updated %1</source>
        <extracomment>Desktop-only rows get ids no catalog uses, so a click cannot open a wrong page.</extracomment>
        <translation>Installée ou mise à jour le %1</translation>
    </message>
</context>
<context>
    <name>InstalledPage</name>
    <message>
        <source>Installed</source>
        <translation>Installées</translation>
    </message>
    <message numerus="yes">
        <source>%Ln application(s)</source>
        <translation>
            <numerusform>%Ln application</numerusform>
            <numerusform>%Ln applications</numerusform>
        </translation>
    </message>
    <message>
        <source>Sort order</source>
        <translation>Ordre de tri</translation>
    </message>
    <message>
        <source>By name</source>
        <translation>Par nom</translation>
    </message>
    <message>
        <source>By size</source>
        <translation>Par taille</translation>
    </message>
    <message>
        <source>By date</source>
        <translation>Par date</translation>
    </message>
    <message>
        <source>Installed applications</source>
        <translation>Applications installées</translation>
    </message>
    <message>
        <source>From %1</source>
        <translation>Depuis %1</translation>
    </message>
    <message>
        <source>Update available</source>
        <extracomment>beside an installed application&apos;s name: the update check found a newer version</extracomment>
        <translation>Mise à jour disponible</translation>
    </message>
    <message>
        <source>Removing %1</source>
        <translation>Suppression de %1</translation>
    </message>
    <message>
        <source>Launch</source>
        <translation>Lancer</translation>
    </message>
    <message>
        <source>Launch %1</source>
        <translation>Lancer %1</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Supprimer %1</translation>
    </message>
    <message>
        <source>No package of this application is known, so it cannot be removed here.</source>
        <translation>Aucun paquet de cette application n’est connu : elle ne peut pas être supprimée ici.</translation>
    </message>
    <message>
        <source>Loading applications</source>
        <translation>Chargement des applications</translation>
    </message>
    <message>
        <source>No installed applications were found.</source>
        <translation>Aucune application installée n’a été trouvée.</translation>
    </message>
    <message>
        <source>Remove %1?</source>
        <translation>Supprimer %1 ?</translation>
    </message>
    <message>
        <source>%1 will be removed from this computer. Your own files are kept.</source>
        <translation>%1 sera supprimée de cet ordinateur. Vos propres fichiers sont conservés.</translation>
    </message>
</context>
<context>
    <name>KindBadge</name>
    <message>
        <source>Security</source>
        <extracomment>Badge of an update that fixes a security problem</extracomment>
        <translation>Sécurité</translation>
    </message>
    <message>
        <source>Important</source>
        <translation>Important</translation>
    </message>
    <message>
        <source>Bug fix</source>
        <translation>Correctif</translation>
    </message>
    <message>
        <source>Enhancement</source>
        <translation>Amélioration</translation>
    </message>
</context>
<context>
    <name>Main</name>
    <message>
        <source>%1 — Applications</source>
        <translation>%1 — Applications</translation>
    </message>
    <message>
        <source>Applications</source>
        <translation>Applications</translation>
    </message>
    <message>
        <source>Categories</source>
        <translation>Catégories</translation>
    </message>
    <message>
        <source>Show categories and updates</source>
        <translation>Afficher les catégories et les mises à jour</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Retour</translation>
    </message>
    <message>
        <source>Work in progress</source>
        <translation>Opérations en cours</translation>
    </message>
    <message>
        <source>Running: %L1</source>
        <translation>En cours : %L1</translation>
    </message>
    <message>
        <source>Activity</source>
        <translation>Activité</translation>
    </message>
    <message>
        <source>Show running installations and removals</source>
        <translation>Afficher les installations et suppressions en cours</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <source>Home</source>
        <translation>Accueil</translation>
    </message>
    <message>
        <source>Updates</source>
        <translation>Mises à jour</translation>
    </message>
    <message numerus="yes">
        <source>Updates: %n available</source>
        <translation>
            <numerusform>Mises à jour : %n disponible</numerusform>
            <numerusform>Mises à jour : %n disponibles</numerusform>
        </translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Installées</translation>
    </message>
    <message numerus="yes">
        <source>Installed: %n application(s)</source>
        <translation>
            <numerusform>Installées : %n application</numerusform>
            <numerusform>Installées : %n applications</numerusform>
        </translation>
    </message>
    <message>
        <source>Sources</source>
        <translation>Sources</translation>
    </message>
    <message>
        <source>Showing the built-in demo catalog</source>
        <translation>Affichage du catalogue de démonstration intégré</translation>
    </message>
    <message>
        <source>This system&apos;s catalog could not be prepared, so demo applications are shown. Reason: %1</source>
        <translation>Le catalogue de ce système n’a pas pu être préparé : des applications de démonstration sont affichées. Raison : %1</translation>
    </message>
    <message>
        <source>This system&apos;s catalog could not be updated, so the previous one is shown. Reason: %1</source>
        <translation>Le catalogue de ce système n’a pas pu être mis à jour : le précédent est affiché. Raison : %1</translation>
    </message>
    <message>
        <source>Updating the catalog with the sources&apos; applications…</source>
        <translation>Mise à jour du catalogue avec les applications des sources…</translation>
    </message>
    <message>
        <source>Other software changes too</source>
        <translation>D’autres logiciels changent aussi</translation>
    </message>
    <message>
        <source>Removing this application also changes these packages:</source>
        <translation>La suppression de cette application modifie aussi ces paquets :</translation>
    </message>
    <message>
        <source>Installing this application also changes these packages:</source>
        <translation>L’installation de cette application modifie aussi ces paquets :</translation>
    </message>
</context>
<context>
    <name>Permissions</name>
    <message>
        <source>Can run programs outside its sandbox</source>
        <translation>Peut lancer des programmes hors de son bac à sable</translation>
    </message>
    <message>
        <source>Full file system read/write access</source>
        <translation>Accès en lecture et écriture à tout le système de fichiers</translation>
    </message>
    <message>
        <source>Full file system read access</source>
        <translation>Accès en lecture à tout le système de fichiers</translation>
    </message>
    <message>
        <source>Home folder read/write access</source>
        <translation>Accès en lecture et écriture au dossier personnel</translation>
    </message>
    <message>
        <source>Home folder read access</source>
        <translation>Accès en lecture au dossier personnel</translation>
    </message>
    <message>
        <source>Download folder read/write access</source>
        <translation>Accès en lecture et écriture au dossier Téléchargements</translation>
    </message>
    <message>
        <source>Download folder read access</source>
        <translation>Accès en lecture au dossier Téléchargements</translation>
    </message>
    <message>
        <source>Access to some other folders</source>
        <translation>Accès à certains autres dossiers</translation>
    </message>
    <message>
        <source>Uses system services (system bus)</source>
        <translation>Utilise les services du système (bus système)</translation>
    </message>
    <message>
        <source>Uses every session service (session bus)</source>
        <translation>Utilise tous les services de la session (bus de session)</translation>
    </message>
    <message>
        <source>Access to devices such as webcams or gaming controllers</source>
        <translation>Accès aux périphériques comme les webcams ou les manettes de jeu</translation>
    </message>
    <message>
        <source>Uses a legacy windowing system (X11): can see other windows</source>
        <translation>Utilise un ancien système de fenêtrage (X11) : peut voir les autres fenêtres</translation>
    </message>
    <message>
        <source>Network access</source>
        <translation>Accès au réseau</translation>
    </message>
    <message>
        <source>Can change the desktop&apos;s settings</source>
        <translation>Peut modifier les paramètres du bureau</translation>
    </message>
    <message>
        <source>No special permissions (sandboxed)</source>
        <translation>Aucune permission particulière (bac à sable)</translation>
    </message>
</context>
<context>
    <name>ProgressPanel</name>
    <message>
        <source>%1 — %2 %</source>
        <translation>%1 — %2 %</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
</context>
<context>
    <name>ReleaseList</name>
    <message>
        <source>Version %1 · %2</source>
        <extracomment>a release heading: &quot;Version 43.1 · 4 Mar 2026&quot;</extracomment>
        <translation>Version %1 · %2</translation>
    </message>
    <message>
        <source>Version %1</source>
        <translation>Version %1</translation>
    </message>
    <message>
        <source>No details for this release.</source>
        <translation>Aucun détail pour cette version.</translation>
    </message>
</context>
<context>
    <name>ReviewsSection</name>
    <message>
        <source>Reviews</source>
        <translation>Avis</translation>
    </message>
    <message>
        <source>Write a Review</source>
        <translation>Écrire un avis</translation>
    </message>
    <message>
        <source>Loading reviews…</source>
        <translation>Chargement des avis…</translation>
    </message>
    <message>
        <source>These reviews may be out of date: the ratings server could not be reached.</source>
        <translation>Ces avis sont peut-être périmés : le serveur d’évaluations est injoignable.</translation>
    </message>
    <message>
        <source>Reviews are unavailable: the ratings server could not be reached.</source>
        <translation>Avis indisponibles : le serveur d’évaluations est injoignable.</translation>
    </message>
    <message>
        <source>That did not work: %1</source>
        <extracomment>%1 is the ratings server&apos;s own (English) message</extracomment>
        <translation>Cela n’a pas fonctionné : %1</translation>
    </message>
    <message>
        <source>Nobody has reviewed this application yet.</source>
        <translation>Personne n’a encore donné son avis sur cette application.</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <extracomment>who wrote a review and when: &quot;Alice · Mar 4, 2025&quot; (the date in the user&apos;s locale)</extracomment>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Anonymous</source>
        <translation>Anonyme</translation>
    </message>
    <message>
        <source>For an older version (%1)</source>
        <extracomment>%1 is the version the reviewer used</extracomment>
        <translation>Pour une version plus ancienne (%1)</translation>
    </message>
    <message>
        <source>%1 of %2 people found this helpful</source>
        <translation>%1 personne(s) sur %2 ont trouvé cet avis utile</translation>
    </message>
    <message>
        <source>Was this review helpful?</source>
        <translation>Cet avis vous a-t-il été utile ?</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Oui</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Non</translation>
    </message>
    <message>
        <source>Report…</source>
        <translation>Signaler…</translation>
    </message>
    <message>
        <source>Remove My Review…</source>
        <translation>Supprimer mon avis…</translation>
    </message>
    <message>
        <source>Show More Reviews</source>
        <translation>Afficher plus d’avis</translation>
    </message>
    <message>
        <source>Report This Review?</source>
        <translation>Signaler cet avis ?</translation>
    </message>
    <message>
        <source>Remove Your Review?</source>
        <translation>Supprimer votre avis ?</translation>
    </message>
    <message>
        <source>Report reviews that are abusive, rude or discriminatory. Moderators of the ratings service will look at it.</source>
        <translation>Signalez les avis injurieux, grossiers ou discriminatoires. Les modérateurs du service d’évaluations les examineront.</translation>
    </message>
    <message>
        <source>Your review will be deleted from the ratings service.</source>
        <translation>Votre avis sera supprimé du service d’évaluations.</translation>
    </message>
</context>
<context>
    <name>ScreenshotCarousel</name>
    <message>
        <source>Screenshots</source>
        <translation>Captures d’écran</translation>
    </message>
    <message>
        <source>Screenshot %1</source>
        <translation>Capture d’écran %1</translation>
    </message>
    <message>
        <source>Loading screenshots…</source>
        <translation>Chargement des captures d’écran…</translation>
    </message>
    <message>
        <source>Screenshots could not be loaded</source>
        <translation>Les captures d’écran n’ont pas pu être chargées</translation>
    </message>
    <message>
        <source>No screenshots</source>
        <translation>Aucune capture d’écran</translation>
    </message>
    <message>
        <source>Press Enter to view full size</source>
        <translation>Appuyez sur Entrée pour l’afficher en taille réelle</translation>
    </message>
    <message>
        <source>Screenshot</source>
        <translation>Capture d’écran</translation>
    </message>
    <message>
        <source>Screenshot not available</source>
        <translation>Capture d’écran indisponible</translation>
    </message>
    <message>
        <source>View full size</source>
        <translation>Afficher en taille réelle</translation>
    </message>
    <message>
        <source>Previous screenshot</source>
        <translation>Capture précédente</translation>
    </message>
    <message>
        <source>Next screenshot</source>
        <translation>Capture suivante</translation>
    </message>
    <message>
        <source>Screenshot %1 of %2</source>
        <translation>Capture %1 sur %2</translation>
    </message>
</context>
<context>
    <name>ScreenshotViewer</name>
    <message>
        <source>Screenshot viewer</source>
        <translation>Visionneuse de captures d’écran</translation>
    </message>
    <message>
        <source>Screenshot %1 of %2</source>
        <translation>Capture d’écran %1 sur %2</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Close the screenshot viewer</source>
        <translation>Fermer la visionneuse de captures d’écran</translation>
    </message>
    <message>
        <source>Screenshots</source>
        <translation>Captures d’écran</translation>
    </message>
    <message>
        <source>Screenshot</source>
        <translation>Capture d’écran</translation>
    </message>
    <message>
        <source>Screenshot not available</source>
        <translation>Capture d’écran non disponible</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Précédente</translation>
    </message>
    <message>
        <source>Previous screenshot</source>
        <translation>Capture d’écran précédente</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Suivante</translation>
    </message>
    <message>
        <source>Next screenshot</source>
        <translation>Capture d’écran suivante</translation>
    </message>
</context>
<context>
    <name>SearchField</name>
    <message>
        <source>Search applications…</source>
        <translation>Rechercher des applications…</translation>
    </message>
    <message>
        <source>Search applications</source>
        <translation>Rechercher des applications</translation>
    </message>
</context>
<context>
    <name>SearchScope</name>
    <message>
        <source>In %1</source>
        <translation>Dans %1</translation>
    </message>
    <message>
        <source>Only in %1</source>
        <translation>Seulement dans %1</translation>
    </message>
    <message>
        <source>Searching only in %1: search everywhere</source>
        <translation>Recherche seulement dans %1 : chercher partout</translation>
    </message>
    <message>
        <source>Searching everywhere: search only in %1</source>
        <translation>Recherche partout : chercher seulement dans %1</translation>
    </message>
    <message>
        <source>Search all applications</source>
        <translation>Chercher dans toutes les applications</translation>
    </message>
    <message>
        <source>Search only in this category</source>
        <translation>Chercher seulement dans cette catégorie</translation>
    </message>
    <message>
        <source>Did you mean “%1”?</source>
        <translation>Vouliez-vous dire « %1 » ?</translation>
    </message>
</context>
<context>
    <name>SourcePicker</name>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Installed</source>
        <translation>Installée</translation>
    </message>
    <message>
        <source>Version %1</source>
        <translation>Version %1</translation>
    </message>
    <message>
        <source>%1 to download</source>
        <translation>%1 à télécharger</translation>
    </message>
    <message>
        <source>%1 installed</source>
        <translation>%1 une fois installée</translation>
    </message>
</context>
<context>
    <name>SourceWords</name>
    <message>
        <source>Flatpak sources</source>
        <translation>Sources Flatpak</translation>
    </message>
    <message>
        <source>Add Flatpak source…</source>
        <translation>Ajouter une source Flatpak…</translation>
    </message>
    <message>
        <source>Add a Flatpak source from a .flatpakrepo file</source>
        <translation>Ajouter une source Flatpak depuis un fichier .flatpakrepo</translation>
    </message>
    <message>
        <source>Add Flatpak Source</source>
        <translation>Ajouter une source Flatpak</translation>
    </message>
    <message>
        <source>Flatpak repository files (*.flatpakrepo)</source>
        <translation>Fichiers de dépôt Flatpak (*.flatpakrepo)</translation>
    </message>
    <message>
        <source>Add Flatpak Source?</source>
        <translation>Ajouter la source Flatpak ?</translation>
    </message>
    <message>
        <source>Remove Flatpak Source?</source>
        <translation>Supprimer la source Flatpak ?</translation>
    </message>
    <message>
        <source>This file cannot be added as a Flatpak source: %1</source>
        <translation>Ce fichier ne peut pas être ajouté comme source Flatpak : %1</translation>
    </message>
    <message>
        <source>A Flatpak source of this name is already configured.</source>
        <translation>Une source Flatpak de ce nom est déjà configurée.</translation>
    </message>
    <message>
        <source>No unused Flatpak runtimes.</source>
        <translation>Aucun environnement d&apos;exécution Flatpak inutilisé.</translation>
    </message>
    <message>
        <source>Package repositories</source>
        <translation>Dépôts de paquets</translation>
    </message>
    <message>
        <source>Other sources</source>
        <translation>Autres sources</translation>
    </message>
    <message>
        <source>Add source…</source>
        <translation>Ajouter une source…</translation>
    </message>
    <message>
        <source>Add a source from a file</source>
        <translation>Ajouter une source depuis un fichier</translation>
    </message>
    <message>
        <source>Add Source</source>
        <translation>Ajouter une source</translation>
    </message>
    <message>
        <source>Source files (*)</source>
        <translation>Fichiers de source (*)</translation>
    </message>
    <message>
        <source>Add Source?</source>
        <translation>Ajouter la source ?</translation>
    </message>
    <message>
        <source>Remove Source?</source>
        <translation>Supprimer la source ?</translation>
    </message>
    <message>
        <source>This file cannot be added as a source: %1</source>
        <translation>Ce fichier ne peut pas être ajouté comme source : %1</translation>
    </message>
    <message>
        <source>A source of this name is already configured.</source>
        <translation>Une source de ce nom est déjà configurée.</translation>
    </message>
    <message>
        <source>Nothing unused to remove.</source>
        <translation>Rien d’inutilisé à supprimer.</translation>
    </message>
</context>
<context>
    <name>Sources</name>
    <message>
        <source>Installed through: %1</source>
        <translation>Installée par : %1</translation>
    </message>
    <message>
        <source>catalog of %1</source>
        <translation>catalogue du %1</translation>
    </message>
    <message>
        <source>Downloading the sources&apos; lists</source>
        <translation>Téléchargement des listes des sources</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>En attente</translation>
    </message>
    <message>
        <source>Preparing</source>
        <translation>Préparation</translation>
    </message>
    <message>
        <source>Removing</source>
        <translation>Suppression</translation>
    </message>
    <message>
        <source>Finishing</source>
        <translation>Finalisation</translation>
    </message>
    <message>
        <source>Refreshing the sources</source>
        <translation>Actualisation des sources</translation>
    </message>
    <message>
        <source>The source was added. The catalog is updated with its applications.</source>
        <translation>La source a été ajoutée. Le catalogue est mis à jour avec ses applications.</translation>
    </message>
    <message>
        <source>The source was added. This catalog is a fixed file: its applications appear once the catalog is rebuilt and App Center starts again.</source>
        <translation>La source a été ajoutée. Ce catalogue est un fichier fixe : ses applications apparaîtront une fois le catalogue reconstruit et App Center redémarré.</translation>
    </message>
    <message>
        <source>The source was removed. The catalog is updated without its applications.</source>
        <translation>La source a été supprimée. Le catalogue est mis à jour sans ses applications.</translation>
    </message>
    <message>
        <source>The source was removed. This catalog is a fixed file: its applications leave once the catalog is rebuilt and App Center starts again.</source>
        <translation>La source a été supprimée. Ce catalogue est un fichier fixe : ses applications disparaîtront une fois le catalogue reconstruit et App Center redémarré.</translation>
    </message>
    <message>
        <source>Application catalog</source>
        <translation>Catalogue d’applications</translation>
    </message>
    <message>
        <source>System installation (all users)</source>
        <translation>Installation système (tous les utilisateurs)</translation>
    </message>
    <message>
        <source>Your user installation</source>
        <translation>Votre installation utilisateur</translation>
    </message>
    <message>
        <source>Installed applications: %n</source>
        <translation>Applications installées : %n</translation>
    </message>
    <message>
        <source>disabled</source>
        <translation>désactivée</translation>
    </message>
    <message>
        <source>Applications installed from this source still use it.</source>
        <translation>Des applications installées depuis cette source l&apos;utilisent encore.</translation>
    </message>
    <message>
        <source>The source was added, but its list of applications could not be downloaded. Try Refresh later.</source>
        <translation>La source a été ajoutée, mais sa liste d’applications n’a pas pu être téléchargée. Réessayez « Actualiser » plus tard.</translation>
    </message>
    <message>
        <source>%1 could not be refreshed: %2</source>
        <translation>%1 n’a pas pu être actualisé : %2</translation>
    </message>
    <message>
        <source>Distribution</source>
        <translation>Distribution</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a source&apos;s name and its kind</comment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a group&apos;s heading and its source</comment>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>SourcesPage</name>
    <message>
        <source>Sources</source>
        <translation>Sources</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Actualiser</translation>
    </message>
    <message>
        <source>Cancel refreshing the sources</source>
        <translation>Annuler l’actualisation des sources</translation>
    </message>
    <message>
        <source>Refresh the sources</source>
        <translation>Actualiser les sources</translation>
    </message>
    <message>
        <source>%1 sources are off: install %2, then start appcenter-qt again.</source>
        <translation>Les sources %1 sont désactivées : installez %2, puis relancez appcenter-qt.</translation>
    </message>
    <message>
        <source>The package source does not list its repositories.</source>
        <translation>La source de paquets ne liste pas ses dépôts.</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <source>Applications from the source this file describes can then be installed. Add only sources you trust.</source>
        <translation>Les applications de la source décrite par ce fichier pourront alors être installées. N&apos;ajoutez que des sources de confiance.</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Website</source>
        <translation>Site web</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Description</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>For all users of this computer</source>
        <translation>Pour tous les utilisateurs de cet ordinateur</translation>
    </message>
    <message>
        <source>Adding a source for all users asks for an administrator&apos;s password.</source>
        <translation>Ajouter une source pour tous les utilisateurs demande le mot de passe d&apos;un administrateur.</translation>
    </message>
    <message numerus="yes">
        <source>%n %1 runtime(s) no installed application needs.</source>
        <translation>
            <numerusform>%n environnement d&apos;exécution %1 dont aucune application installée n&apos;a besoin.</numerusform>
            <numerusform>%n environnements d&apos;exécution %1 dont aucune application installée n&apos;a besoin.</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Supprimer</translation>
    </message>
    <message>
        <source>No more applications can be installed or updated from it.</source>
        <translation>Plus aucune application ne pourra en être installée ni mise à jour.</translation>
    </message>
    <message>
        <source>These applications were installed from it and will be removed too:</source>
        <translation>Ces applications en ont été installées et seront supprimées aussi :</translation>
    </message>
    <message>
        <source>Remove Unused Runtimes?</source>
        <translation>Supprimer les environnements d&apos;exécution inutilisés ?</translation>
    </message>
    <message numerus="yes">
        <source>%n runtime(s) that no installed application needs will be removed. They are downloaded again when an application needs them.</source>
        <translation>
            <numerusform>%n environnement d&apos;exécution dont aucune application installée n&apos;a besoin sera supprimé. Il sera téléchargé à nouveau si une application en a besoin.</numerusform>
            <numerusform>%n environnements d&apos;exécution dont aucune application installée n&apos;a besoin seront supprimés. Ils seront téléchargés à nouveau si une application en a besoin.</numerusform>
        </translation>
    </message>
    <message>
        <source>Looking for unused runtimes…</source>
        <translation>Recherche des environnements d&apos;exécution inutilisés…</translation>
    </message>
    <message>
        <source>Remove unused runtimes</source>
        <translation>Supprimer les environnements d&apos;exécution inutilisés</translation>
    </message>
    <message>
        <source>Changing %1</source>
        <translation>Modification de %1</translation>
    </message>
    <message>
        <source>Disable %1</source>
        <translation>Désactiver %1</translation>
    </message>
    <message>
        <source>Enable %1</source>
        <translation>Activer %1</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>Supprimer %1</translation>
    </message>
</context>
<context>
    <name>StarRating</name>
    <message>
        <source>Rated %1 out of 5</source>
        <translation>Noté %1 sur 5</translation>
    </message>
</context>
<context>
    <name>Transactions</name>
    <message>
        <source>Downloading</source>
        <translation>Téléchargement</translation>
    </message>
    <message>
        <source>Installing</source>
        <translation>Installation</translation>
    </message>
    <message>
        <source>Removing</source>
        <translation>Suppression</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>En attente</translation>
    </message>
    <message>
        <source>Finishing</source>
        <translation>Finalisation</translation>
    </message>
    <message>
        <source>Preparing removal</source>
        <translation>Préparation de la suppression</translation>
    </message>
    <message>
        <source>Preparing installation</source>
        <translation>Préparation de l’installation</translation>
    </message>
    <message>
        <source>installed</source>
        <translation>installé</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>supprimé</translation>
    </message>
    <message>
        <source>updated</source>
        <translation>mis à jour</translation>
    </message>
    <message>
        <source>downgraded</source>
        <translation>rétrogradé</translation>
    </message>
    <message>
        <source>reinstalled</source>
        <translation>réinstallé</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>modifié</translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2 (%3)</translation>
    </message>
</context>
<context>
    <name>TrayNotifier</name>
    <message>
        <source>Show updates</source>
        <translation>Afficher les mises à jour</translation>
    </message>
    <message>
        <source>Check now</source>
        <translation>Vérifier maintenant</translation>
    </message>
    <message>
        <source>Restart and update</source>
        <translation>Redémarrer et mettre à jour</translation>
    </message>
    <message>
        <source>%n update(s)</source>
        <translation>%n mise(s) à jour</translation>
    </message>
    <message>
        <source>%1, %n security</source>
        <extracomment>%1 is &quot;N updates&quot;, %n the number of them that fix security problems</extracomment>
        <translation>%1, dont %n de sécurité</translation>
    </message>
    <message>
        <source>%n more</source>
        <translation>%n de plus</translation>
    </message>
    <message>
        <source>System infrastructure: %n package(s)</source>
        <translation>Infrastructure système : %n paquet(s)</translation>
    </message>
    <message>
        <source>Downloaded: installs at the next restart</source>
        <translation>Téléchargées : installation au prochain redémarrage</translation>
    </message>
</context>
<context>
    <name>UpdateNotice</name>
    <message>
        <source>%n update(s) available, including security fixes</source>
        <translation>Mises à jour disponibles : %n, dont des correctifs de sécurité</translation>
    </message>
    <message>
        <source>%n update(s) available</source>
        <translation>Mises à jour disponibles : %n</translation>
    </message>
    <message>
        <source>%1 and %n more</source>
        <extracomment>%1 is a list of application names, %n how many more applications there are</extracomment>
        <translation>%1 et autres (%n)</translation>
    </message>
    <message>
        <source>System infrastructure: %n package(s)</source>
        <extracomment>the System infrastructure group of the Updates page; %n is a package count</extracomment>
        <translation>Infrastructure système : %n paquet(s)</translation>
    </message>
    <message>
        <source>Show updates</source>
        <translation>Afficher les mises à jour</translation>
    </message>
    <message>
        <source>Automatic updates failed: %1</source>
        <translation>Les mises à jour automatiques ont échoué : %1</translation>
    </message>
    <message>
        <source>%n application(s) were updated automatically.</source>
        <translation>%n application(s) mise(s) à jour automatiquement.</translation>
    </message>
    <message>
        <source>Your system is up to date.</source>
        <translation>Votre système est à jour.</translation>
    </message>
</context>
<context>
    <name>UpdateRow</name>
    <message>
        <source>Update %1</source>
        <translation>Mettre à jour %1</translation>
    </message>
    <message numerus="yes">
        <source>%n package(s), including security fixes</source>
        <translation>
            <numerusform>%n paquet, avec des correctifs de sécurité</numerusform>
            <numerusform>%n paquets, avec des correctifs de sécurité</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The desktop itself: %n package(s)</source>
        <translation>
            <numerusform>Le bureau lui-même : %n paquet</numerusform>
            <numerusform>Le bureau lui-même : %n paquets</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Libraries, services and the system underneath: %n package(s)</source>
        <translation>
            <numerusform>Bibliothèques, services et le système en dessous : %n paquet</numerusform>
            <numerusform>Bibliothèques, services et le système en dessous : %n paquets</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Libraries, services and the system itself: %n package(s)</source>
        <translation>
            <numerusform>Bibliothèques, services et le système lui-même : %n paquet</numerusform>
            <numerusform>Bibliothèques, services et le système lui-même : %n paquets</numerusform>
        </translation>
    </message>
    <message>
        <source>Checking what this update needs…</source>
        <translation>Vérification de ce dont cette mise à jour a besoin…</translation>
    </message>
    <message numerus="yes">
        <source>Also updates %n system component(s) and %1</source>
        <translation>
            <numerusform>Met aussi à jour %n composant système et %1</numerusform>
            <numerusform>Met aussi à jour %n composants système et %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Also updates %n system component(s)</source>
        <translation>
            <numerusform>Met aussi à jour %n composant système</numerusform>
            <numerusform>Met aussi à jour %n composants système</numerusform>
        </translation>
    </message>
    <message>
        <source>Also updates %1</source>
        <translation>Met aussi à jour %1</translation>
    </message>
    <message numerus="yes">
        <source>%n of them needed by the selected applications</source>
        <translation>
            <numerusform>%n d’entre eux est nécessaire aux applications choisies</numerusform>
            <numerusform>%n d’entre eux sont nécessaires aux applications choisies</numerusform>
        </translation>
    </message>
    <message>
        <source>Needed by %1</source>
        <translation>Nécessaire à %1</translation>
    </message>
    <message>
        <source>Update all packages of %1</source>
        <translation>Mettre à jour tous les paquets de %1</translation>
    </message>
    <message>
        <source>Less</source>
        <translation>Moins</translation>
    </message>
    <message>
        <source>What&apos;s new</source>
        <translation>Nouveautés</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Mis à jour</translation>
    </message>
    <message>
        <source>Hide packages</source>
        <translation>Masquer les paquets</translation>
    </message>
    <message>
        <source>Show packages</source>
        <translation>Afficher les paquets</translation>
    </message>
</context>
<context>
    <name>Updates</name>
    <message>
        <source>Restart the computer to finish installing the updates.</source>
        <translation>Redémarrez l’ordinateur pour terminer l’installation des mises à jour.</translation>
    </message>
    <message>
        <source>Log out and back in to finish installing the updates.</source>
        <translation>Déconnectez-vous puis reconnectez-vous pour terminer l’installation des mises à jour.</translation>
    </message>
    <message>
        <source>Restart the updated applications to use the new versions.</source>
        <translation>Redémarrez les applications mises à jour pour utiliser les nouvelles versions.</translation>
    </message>
    <message>
        <source>You are not allowed to install updates.</source>
        <translation>Vous n’êtes pas autorisé à installer des mises à jour.</translation>
    </message>
    <message>
        <source>System infrastructure</source>
        <translation>Infrastructure système</translation>
    </message>
    <message>
        <source>Core desktop</source>
        <translation>Bureau principal</translation>
    </message>
    <message>
        <source>Base platform</source>
        <translation>Plateforme de base</translation>
    </message>
    <message>
        <source>The update can no longer be cancelled: %1</source>
        <translation>La mise à jour ne peut plus être annulée : %1</translation>
    </message>
    <message>
        <source>The updates are downloaded and ready to install at restart.</source>
        <translation>Les mises à jour sont téléchargées et prêtes à être installées au redémarrage.</translation>
    </message>
    <message>
        <source>The updates were installed.</source>
        <translation>Les mises à jour ont été installées.</translation>
    </message>
    <message>
        <source>The update was cancelled.</source>
        <translation>La mise à jour a été annulée.</translation>
    </message>
    <message>
        <source>The updates could not be installed while the computer restarted: %1</source>
        <translation>Les mises à jour n’ont pas pu être installées au redémarrage : %1</translation>
    </message>
    <message>
        <source>The computer could not be restarted (%1). The updates will be installed the next time it restarts.</source>
        <extracomment>%1 is why (systemd-logind&apos;s words)</extracomment>
        <translation>L&apos;ordinateur n&apos;a pas pu être redémarré (%1). Les mises à jour seront installées au prochain redémarrage.</translation>
    </message>
    <message>
        <source> and %1 more</source>
        <translation> et %1 de plus</translation>
    </message>
</context>
<context>
    <name>UpdatesPage</name>
    <message>
        <source>Updates</source>
        <translation>Mises à jour</translation>
    </message>
    <message numerus="yes">
        <source>%n update(s), including security fixes</source>
        <translation>
            <numerusform>%n mise à jour, avec des correctifs de sécurité</numerusform>
            <numerusform>%n mises à jour, avec des correctifs de sécurité</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n update(s)</source>
        <translation>
            <numerusform>%n mise à jour</numerusform>
            <numerusform>%n mises à jour</numerusform>
        </translation>
    </message>
    <message>
        <source>Check again</source>
        <translation>Vérifier à nouveau</translation>
    </message>
    <message>
        <source>Update selected</source>
        <translation>Mettre à jour la sélection</translation>
    </message>
    <message>
        <source>Update all</source>
        <translation>Tout mettre à jour</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message numerus="yes">
        <source>%n package(s) selected</source>
        <translation>
            <numerusform>%n paquet sélectionné</numerusform>
            <numerusform>%n paquets sélectionnés</numerusform>
        </translation>
    </message>
    <message>
        <source>checking what the updates need…</source>
        <translation>vérification de ce dont les mises à jour ont besoin…</translation>
    </message>
    <message>
        <source>Install system updates while the computer restarts</source>
        <translation>Installer les mises à jour du système au redémarrage de l’ordinateur</translation>
    </message>
    <message>
        <source>Set by your administrator</source>
        <translation>Défini par votre administrateur</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <translation>Fermer</translation>
    </message>
    <message numerus="yes">
        <source>%n system update(s) downloaded and ready to install.</source>
        <translation>
            <numerusform>%n mise à jour du système téléchargée et prête à être installée.</numerusform>
            <numerusform>%n mises à jour du système téléchargées et prêtes à être installées.</numerusform>
        </translation>
    </message>
    <message>
        <source>The updates will be installed the next time the computer restarts; then it powers off.</source>
        <translation>Les mises à jour seront installées au prochain redémarrage ; l’ordinateur s’éteindra ensuite.</translation>
    </message>
    <message>
        <source>The updates will be installed the next time the computer restarts.</source>
        <translation>Les mises à jour seront installées au prochain redémarrage de l’ordinateur.</translation>
    </message>
    <message>
        <source>Restart and update</source>
        <translation>Redémarrer et mettre à jour</translation>
    </message>
    <message>
        <source>Power off and update</source>
        <translation>Éteindre et mettre à jour</translation>
    </message>
    <message>
        <source>Do not install the updates at the next restart</source>
        <translation>Ne pas installer les mises à jour au prochain redémarrage</translation>
    </message>
    <message>
        <source>Available updates</source>
        <translation>Mises à jour disponibles</translation>
    </message>
    <message>
        <source>Updates need a package manager, and none is available.</source>
        <translation>Les mises à jour nécessitent un gestionnaire de paquets, et aucun n’est disponible.</translation>
    </message>
    <message>
        <source>Looking for updates…</source>
        <translation>Recherche des mises à jour…</translation>
    </message>
    <message>
        <source>Could not look for updates.</source>
        <translation>Impossible de rechercher les mises à jour.</translation>
    </message>
    <message>
        <source>Waiting for the catalog…</source>
        <translation>En attente du catalogue…</translation>
    </message>
    <message>
        <source>Your system is up to date.</source>
        <translation>Votre système est à jour.</translation>
    </message>
</context>
<context>
    <name>WriteReviewDialog</name>
    <message>
        <source>Choose how many stars to give.</source>
        <translation>Choisissez le nombre d’étoiles.</translation>
    </message>
    <message>
        <source>Write a short summary.</source>
        <translation>Écrivez un court résumé.</translation>
    </message>
    <message>
        <source>The summary is too long.</source>
        <translation>Le résumé est trop long.</translation>
    </message>
    <message>
        <source>Write what you think of the application.</source>
        <translation>Écrivez ce que vous pensez de l’application.</translation>
    </message>
    <message>
        <source>The review is too long.</source>
        <translation>L’avis est trop long.</translation>
    </message>
    <message>
        <source>The review cannot contain the character “&lt;”.</source>
        <translation>L’avis ne peut pas contenir le caractère « &lt; ».</translation>
    </message>
    <message>
        <source>Review %1</source>
        <translation>Donner son avis sur %1</translation>
    </message>
    <message>
        <source>Rating</source>
        <translation>Note</translation>
    </message>
    <message numerus="yes">
        <source>%n star(s)</source>
        <translation>
            <numerusform>%n étoile</numerusform>
            <numerusform>%n étoiles</numerusform>
        </translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Résumé</translation>
    </message>
    <message>
        <source>Sum up your review in a few words</source>
        <translation>Résumez votre avis en quelques mots</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>Avis</translation>
    </message>
    <message>
        <source>What do you like or dislike about it?</source>
        <translation>Qu’est-ce qui vous plaît ou vous déplaît ?</translation>
    </message>
    <message>
        <source>Name shown with the review</source>
        <translation>Nom affiché avec l’avis</translation>
    </message>
    <message>
        <source>Anonymous</source>
        <translation>Anonyme</translation>
    </message>
    <message>
        <source>You have already reviewed this application.</source>
        <translation>Vous avez déjà donné votre avis sur cette application.</translation>
    </message>
    <message>
        <source>The review was not published: %1</source>
        <extracomment>%1 is the ratings server&apos;s own (English) message</extracomment>
        <translation>L’avis n’a pas été publié : %1</translation>
    </message>
    <message>
        <source>Publish</source>
        <translation>Publier</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
</context>
</TS>
