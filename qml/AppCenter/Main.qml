pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import AppCenter.components
import AppCenter.pages

// The window: header (back, search, running work), category sidebar, the current page and
// the error banner. Every object comes from Python (app.py) as a required property.
ApplicationWindow {
    id: root

    required property var apps
    required property var categories
    required property var subcategories
    required property var appDetails
    property var reviews: null
    required property var navigation
    required property var transactions
    required property var updates
    required property var packageDetails
    required property var launcher
    required property var catalogSource

    visible: true
    minimumWidth: 640
    minimumHeight: 480
    title: root.navigation.page === root.navigation.pages.app && root.appDetails.name !== ""
           ? qsTr("%1 — Applications").arg(root.appDetails.name) : qsTr("Applications")

    Component.onCompleted: search.focusField()

    SystemPalette {
        id: systemPalette
        colorGroup: SystemPalette.Active
    }

    Shortcut {
        sequences: [StandardKey.Find]
        onActivated: {
            root.navigation.showBrowse()
            search.focusField()
        }
    }
    Shortcut {
        sequences: [StandardKey.Back, "Alt+Left"]
        enabled: root.navigation.canGoBack
        onActivated: root.navigation.back()
    }

    header: ToolBar {
        RowLayout {
            anchors.fill: parent
            anchors.leftMargin: 8
            anchors.rightMargin: 8
            spacing: 8

            ToolButton {
                icon.name: "go-previous"
                text: qsTr("Back")
                display: AbstractButton.TextBesideIcon
                enabled: root.navigation.canGoBack
                Accessible.name: qsTr("Back")
                onClicked: root.navigation.back()
            }
            Label {
                text: qsTr("Applications")
                font.bold: true
                font.pixelSize: 18
                Layout.preferredWidth: 200
                Accessible.name: text
            }
            SearchField {
                id: search
                Layout.fillWidth: true
                Layout.maximumWidth: 520
                text: root.apps.searchText
                onEdited: newText => {
                    root.apps.searchText = newText
                    root.navigation.showBrowse()
                }
            }
            Item { Layout.fillWidth: true }
            BusyIndicator {
                running: root.transactions.runningCount > 0
                visible: running
                Layout.preferredHeight: 32
                Layout.preferredWidth: 32
                Accessible.name: qsTr("Work in progress")
            }
            ToolButton {
                id: workButton
                text: root.transactions.runningCount > 0
                      ? qsTr("Running: %L1").arg(root.transactions.runningCount) : qsTr("Activity")
                enabled: transactionList.count > 0
                Accessible.name: qsTr("Show running installations and removals")
                onClicked: workPopup.open()
                Popup {
                    id: workPopup
                    y: workButton.height
                    x: workButton.width - width
                    width: 360
                    height: Math.min(400, transactionList.contentHeight + 24)
                    ListView {
                        id: transactionList
                        anchors.fill: parent
                        clip: true
                        model: root.transactions
                        delegate: ItemDelegate {
                            id: row
                            required property string appName
                            required property string statusText
                            required property string errorText
                            required property int percent
                            required property bool running
                            width: ListView.view.width
                            text: row.appName
                            Accessible.name: row.appName
                            contentItem: ColumnLayout {
                                Label {
                                    text: row.appName
                                    textFormat: Text.PlainText
                                    elide: Text.ElideRight
                                    font.bold: true
                                    Layout.fillWidth: true
                                }
                                Label {
                                    text: row.running ? row.statusText
                                          : (row.errorText !== "" ? row.errorText : qsTr("Done"))
                                    textFormat: Text.PlainText
                                    elide: Text.ElideRight
                                    Layout.fillWidth: true
                                }
                                ProgressBar {
                                    visible: row.running
                                    from: 0
                                    to: 100
                                    value: Math.max(0, row.percent)
                                    indeterminate: row.percent < 0
                                    Layout.fillWidth: true
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    RowLayout {
        anchors.fill: parent
        spacing: 0

        Pane {
            id: sidebarPane
            Layout.fillHeight: true
            Layout.preferredWidth: 250
            padding: 0
            background: Rectangle {
                // The list entries paint the system's base colour; Fusion gives a Pane a
                // greyer "base", which left the sidebar two-toned below the categories.
                color: systemPalette.base
            }
            ColumnLayout {
                anchors.fill: parent
                spacing: 0
                CategoryList {
                    id: sidebar
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    model: root.categories
                    current: root.navigation.page === root.navigation.pages.browse ? root.apps.category : "\u0001"
                    onSelected: categoryId => {
                        root.apps.category = categoryId
                        root.navigation.showBrowse()
                    }
                }
                MenuSeparator { Layout.fillWidth: true }
                ItemDelegate {
                    id: updatesEntry
                    objectName: "updatesEntry"
                    Layout.fillWidth: true
                    icon.name: "system-software-update"
                    text: qsTr("Updates")
                    highlighted: root.navigation.page === root.navigation.pages.updates
                    Accessible.name: root.updates.count > 0
                                     ? qsTr("Updates: %n available", "", root.updates.count)
                                     : qsTr("Updates")
                    onClicked: root.navigation.showUpdates()
                    // The badge: how many updates wait; red when a security fix is among them.
                    Rectangle {
                        objectName: "updatesBadge"
                        visible: root.updates.count > 0
                        anchors.right: parent.right
                        anchors.rightMargin: 12
                        anchors.verticalCenter: parent.verticalCenter
                        width: Math.max(height, badgeText.implicitWidth + 12)
                        height: badgeText.implicitHeight + 6
                        radius: height / 2
                        color: root.updates.securityCount > 0 ? "#da4453" : updatesEntry.palette.highlight
                        Label {
                            id: badgeText
                            anchors.centerIn: parent
                            text: Number(root.updates.count).toLocaleString(Qt.locale(), "f", 0)
                            color: "white"
                            font.bold: true
                            font.pixelSize: 11
                        }
                    }
                }
                Label {
                    visible: root.catalogSource.isDemo
                    text: qsTr("Showing the built-in demo catalog")
                    wrapMode: Text.WordWrap
                    opacity: 0.7
                    font.pixelSize: 11
                    Layout.fillWidth: true
                    Layout.margins: 8
                }
            }
        }

        // The line between the sidebar and the page, above the list entries' backgrounds.
        Rectangle {
            Layout.fillHeight: true
            Layout.preferredWidth: 1
            color: systemPalette.mid
        }

        ColumnLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            spacing: 0

            ErrorBanner {
                Layout.fillWidth: true
                text: root.catalogSource.errorText
                visible: text !== ""
            }
            ErrorBanner {
                id: catalogWarning
                objectName: "catalogWarning"
                property bool dismissedByUser: false
                Layout.fillWidth: true
                tone: "#f67400"
                text: root.catalogSource.warningText === "" ? ""
                      : root.catalogSource.isDemo
                        ? qsTr("This system's catalog could not be prepared, so demo applications are shown. Reason: %1").arg(root.catalogSource.warningText)
                        : qsTr("This system's catalog could not be updated, so the previous one is shown. Reason: %1").arg(root.catalogSource.warningText)
                visible: text !== "" && !dismissedByUser
                onDismissed: dismissedByUser = true
            }
            CatalogProgress {
                objectName: "catalogProgress"
                visible: root.catalogSource.preparing
                progress: root.catalogSource.progress
                detail: root.catalogSource.progressText
                Layout.fillWidth: true
                Layout.fillHeight: true
            }
            ErrorBanner {
                Layout.fillWidth: true
                text: root.transactions.errorText
                visible: text !== ""
                onDismissed: root.transactions.clearError()
            }

            // One page at a time: each page is shown when Navigation names it.
            Item {
                visible: !root.catalogSource.preparing
                Layout.fillWidth: true
                Layout.fillHeight: true

                BrowsePage {
                    anchors.fill: parent
                    visible: root.navigation.page === root.navigation.pages.browse
                    apps: root.apps
                    navigation: root.navigation
                    categories: root.categories
                    subcategories: root.subcategories
                }
                AppPage {
                    anchors.fill: parent
                    visible: root.navigation.page === root.navigation.pages.app
                    appDetails: root.appDetails
                    transactions: root.transactions
                    navigation: root.navigation
                    packageDetails: root.packageDetails
                    launcher: root.launcher
                    reviews: root.reviews
                }
                UpdatesPage {
                    anchors.fill: parent
                    visible: root.navigation.page === root.navigation.pages.updates
                    updates: root.updates
                }
            }
        }
    }

    Dialog {
        id: confirmDialog
        objectName: "confirmDialog"
        anchors.centerIn: parent
        modal: true
        width: Math.min(520, root.width - 40)
        visible: root.transactions.confirmationAppId !== ""
        title: qsTr("Other software changes too")
        standardButtons: Dialog.Ok | Dialog.Cancel
        onAccepted: root.transactions.confirm()
        onRejected: root.transactions.decline()
        ColumnLayout {
            anchors.fill: parent
            Label {
                text: qsTr("Installing this application also changes these packages:")
                wrapMode: Text.WordWrap
                Layout.fillWidth: true
            }
            Repeater {
                model: root.transactions.confirmationPackages
                delegate: Label {
                    required property string modelData
                    text: "• " + modelData
                    textFormat: Text.PlainText
                    elide: Text.ElideRight
                    Layout.fillWidth: true
                }
            }
        }
    }
}
